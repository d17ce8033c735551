import { AddFriendDialog } from './AddFriendDialog';
import { ApplyDialog } from './ApplyDialog';
import { friendDialogs, useFriendDialogs } from './dialogs-store';
import { MomentsDialog } from './MomentsDialog';
import { RemarkTagsDialog } from './RemarkTagsDialog';
import './friends.css';

/** The host of the friend dialogs opened from menus and popups (see dialogs-store). */
export default function FriendDialogs() {
  const { remarkTags, moments, apply, addFriend } = useFriendDialogs();
  return (
    <>
      {remarkTags && <RemarkTagsDialog wtId={remarkTags} onClose={() => friendDialogs.close('remarkTags')} />}
      {moments && <MomentsDialog wtId={moments} onClose={() => friendDialogs.close('moments')} />}
      {apply && <ApplyDialog target={apply} onClose={() => friendDialogs.close('apply')} />}
      <AddFriendDialog open={addFriend} onClose={() => friendDialogs.close('addFriend')} />
    </>
  );
}
