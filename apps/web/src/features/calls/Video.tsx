import { useEffect, useRef } from 'react';

/** A <video> bound to a MediaStream (muted for the local one, or when the speaker is muted). */
export function Video({
  stream,
  muted,
  fit,
  testId,
  onClick,
  className,
  sinkId,
}: {
  stream: MediaStream | null;
  muted: boolean;
  fit: string;
  testId: string;
  onClick?: () => void;
  className?: string;
  /** Output device (switchDevice speaker), where the browser supports choosing one. */
  sinkId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    const el = ref.current as (HTMLVideoElement & { setSinkId?(id: string): Promise<void> }) | null;
    if (sinkId && el?.setSinkId) void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return (
    <video
      ref={ref}
      className={className}
      data-testid={testId}
      autoPlay
      playsInline
      muted={muted}
      style={{ objectFit: fit as 'cover' }}
      onClick={onClick}
    />
  );
}
