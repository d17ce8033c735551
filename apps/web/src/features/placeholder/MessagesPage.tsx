import { GetStarted, useNoFriendsYet } from '../contacts';
import { ComingSoon } from './ComingSoon';

/** Until messaging lands: the next actions for a user with no friends yet, else the placeholder. */
export default function MessagesPage() {
  const firstRun = useNoFriendsYet();
  return (
    <ComingSoon screen="messages">
      {firstRun ? (
        <div className="gs-page">
          <GetStarted variant="welcome" />
        </div>
      ) : undefined}
    </ComingSoon>
  );
}
