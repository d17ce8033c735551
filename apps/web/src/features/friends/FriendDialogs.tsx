import { AddFriendDialog } from './AddFriendDialog';
import { ApplyDialog } from './ApplyDialog';
import { friendDialogs, useFriendDialogs } from './dialogs-store';
import { MomentsDialog } from './MomentsDialog';
import { RemarkTagsDialog } from './RemarkTagsDialog';
import { ReportDialog } from '../reports';
import './friends.css';

/** The host of the friend dialogs opened from menus and popups (see dialogs-store). */
export default function FriendDialogs() {
  const { remarkTags, moments, apply, addFriend, report } = useFriendDialogs();
  return (
    <>
      {remarkTags && <RemarkTagsDialog wtId={remarkTags} onClose={() => friendDialogs.close('remarkTags')} />}
      {moments && <MomentsDialog wtId={moments} onClose={() => friendDialogs.close('moments')} />}
      {apply && <ApplyDialog target={apply} onClose={() => friendDialogs.close('apply')} />}
      <AddFriendDialog open={addFriend} onClose={() => friendDialogs.close('addFriend')} />
      <ReportDialog
        target={report && { type: 0, targetId: report.wtId }}
        name={report?.name ?? ''}
        onClose={() => friendDialogs.close('report')}
      />
    </>
  );
}
