import { useEffect, useRef } from 'react';

/** A <video> bound to a MediaStream (muted for the local one, or when the speaker is muted). */
export function Video({
  stream,
  muted,
  fit,
  testId,
  onClick,
  className,
}: {
  stream: MediaStream | null;
  muted: boolean;
  fit: string;
  testId: string;
  onClick?: () => void;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
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
