import { ComingSoon } from './ComingSoon';

export default function MomentDetailPage() {
  return <ComingSoon screen="moment" />;
}
