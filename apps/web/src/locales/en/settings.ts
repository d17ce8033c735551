export default {
  title: 'Settings',
  sections: { notifications: 'Notifications', general: 'General' },
  rows: {
    notify: 'New message notifications',
    notifyHint: 'When off, new messages and friend requests show no notification and play no sound',
    preview: 'Show message text',
    previewHint: 'When off, notifications only say "You have new messages"',
    sound: 'Sound',
    permission: 'Browser notifications',
    language: 'Language',
    quickPhrases: 'Quick phrases',
    quickPhrasesHint: 'Show the quick phrases button in one-to-one chats',
  },
  permission: {
    granted: 'Allowed',
    denied: "Blocked: allow them in the browser's site settings",
    default: 'Not allowed yet',
    unsupported: 'This browser has no notifications',
    ask: 'Allow notifications',
  },
  saved: 'Settings saved',
  saveFailed: 'Could not save, please try again',
};
