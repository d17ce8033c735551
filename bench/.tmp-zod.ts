import { clientFrame, clientFrames } from '@parley/protocol';
const frame = { id: 'f123', type: 'message.send', data: { conversationID: 'C2Cu000123abc', clientMsgId: 'w1-12345', type: 'text', payload: { text: 'hello there number 12345' } } };
const raw = JSON.stringify(frame);
const body = clientFrames['message.send'].data;
for (let round = 0; round < 5; round++) {
  let t = performance.now(); const N = 200000;
  for (let i = 0; i < N; i++) JSON.parse(raw);
  const tp = (performance.now() - t) / N * 1000;
  t = performance.now();
  for (let i = 0; i < N; i++) { const p = JSON.parse(raw); const r = clientFrame.safeParse(p); if (!r.success) throw 1; }
  const te = (performance.now() - t) / N * 1000 - tp;
  t = performance.now();
  const parsed = JSON.parse(raw);
  for (let i = 0; i < N; i++) { const r = body.safeParse(parsed.data); if (!r.success) throw 1; }
  const tb = (performance.now() - t) / N * 1000;
  console.log(`parse ${tp.toFixed(2)} µs, envelope ${te.toFixed(2)} µs, body ${tb.toFixed(2)} µs`);
}
