import { ComingSoon } from './ComingSoon';

export default function MessagesPage() {
  return <ComingSoon screen="messages" />;
}
