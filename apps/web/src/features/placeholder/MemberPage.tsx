import { ComingSoon } from './ComingSoon';

export default function MemberPage() {
  return <ComingSoon screen="member" />;
}
