import { callEngine } from './engine';
import { useRun } from './call-ui';
import { GroupCallButtons, InvitePicker, JoinBanner } from './group';
import { useCallStore } from './store';

/** The group chat header's voice and video buttons: the picker's Done starts the call. */
export function GroupCallHeader({ groupID }: { groupID: string }) {
  const run = useRun();
  return (
    <GroupCallButtons
      groupID={groupID}
      start={async (type, userIDList) => run(() => callEngine.groupCall(groupID, type, userIDList))}
    />
  );
}

/** The group chat's banner of its ongoing call: Join puts this user on it. */
export function GroupCallBanner({ groupID }: { groupID: string }) {
  const run = useRun();
  return (
    <JoinBanner
      groupID={groupID}
      onJoin={(c) => run(() => callEngine.joinInGroupCall(c.groupID, Number(c.roomID), c.callMediaType))}
    />
  );
}

/** "Invite more" in a group call: everyone joined or ringing is already on it. */
export function InviteMore({ open, onClose }: { open: boolean; onClose(): void }) {
  const run = useRun();
  const s = useCallStore();
  if (!s.groupID || !s.call) return null;
  const onCall = s.call.members
    .filter((m) => m.state === 'joined' || m.state === 'ringing')
    .map((m) => m.wtId);
  return (
    <InvitePicker
      open={open}
      mediaType={s.mediaType === 1 ? 1 : 2}
      groupID={s.groupID}
      disabledIds={onCall}
      onCancel={onClose}
      onDone={(ids) => {
        onClose();
        run(() => callEngine.inviteUser(ids));
      }}
    />
  );
}
