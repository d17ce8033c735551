import { ComingSoon } from './ComingSoon';

export default function MomentsPage() {
  return <ComingSoon screen="moments" />;
}
