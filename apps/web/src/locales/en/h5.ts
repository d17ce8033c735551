export default {
  level: {
    title: 'Member levels',
    intro:
      'Parley membership has 10 levels. Members show a level badge next to their avatar and get a longer daily call limit.',
    howTitle: 'How levels work',
    how1: 'Joining gives you level 1; renewals and activity raise it, up to level 10.',
    how2: 'Non-members have a daily call time limit; beyond it, calling needs a membership.',
    how3: 'When a membership expires the badge is hidden until it is renewed.',
    badgesTitle: 'Level badges',
    name: 'Level {{level}}',
    note: 'The badge deepens with the level: gold for 1–3, orange for 4–7, purple for 8–10.',
    cta: 'Go to the member centre',
  },
  qr: {
    title: 'Confirm web login',
    missing: 'This QR link is not valid',
    loginFirst: 'Log in first, then confirm the web login',
    goLogin: 'Log in',
    question: 'Log in to your Parley account on the new browser?',
    confirm: 'Confirm login',
    cancel: 'Cancel',
    done: 'Confirmed. The web app is logging in.',
    cancelled: 'Login cancelled',
    failed: 'Something went wrong, please try again',
  },
};
