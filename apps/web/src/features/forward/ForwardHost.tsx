import { ForwardDialog, type ForwardTarget } from './ForwardDialog';
import { closeForward, useForward } from './forward-store';

/** Renders the forward dialog while a request is open (mounted once by the chat window). */
export function ForwardHost({ targets, onSent }: { targets: ForwardTarget[]; onSent?(): void }) {
  const request = useForward((s) => s.request);
  return request ? (
    <ForwardDialog request={request} targets={targets} onClose={closeForward} onSent={onSent} />
  ) : null;
}
