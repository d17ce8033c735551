export default {
  nav: {
    label: 'Site navigation',
    home: 'Home',
    product: 'Product',
    about: 'About us',
    tryWeb: 'Try the web app',
    menu: 'Open menu',
  },
  footer: {
    slogan: 'Self-hostable messaging: chats, groups, voice and video calls.',
    legal: 'Legal',
    agreement: 'User agreement',
    privacy: 'Privacy policy',
    levels: 'Member levels',
    address: 'Address: 12F, 88 Caoxi North Road, Xuhui, Shanghai',
    phone: 'Phone: 400-820-0123',
    emailLabel: 'Email:',
    filing: 'ICP filing 沪ICP备2024012345号-1',
  },
  hero: {
    eyebrow: 'Open source · Self-hosted',
    title: 'Stay close to the people who matter',
    subtitle:
      'Parley is a messenger you run on your own server: one-to-one and group chats, voice and video calls, moments and favorites, with your data staying in your hands.',
    learnMore: 'Explore the product',
  },
  product: {
    title: 'Product',
    lead: 'A familiar chat experience with a complete social toolkit, right in your browser.',
    chat: {
      title: 'Chats and messages',
      text: 'Text, images, video, files, locations and name cards, with quotes, revoke, forwarding and read receipts.',
    },
    groups: {
      title: 'Groups',
      text: 'Notices, admins, muting, join approval and QR invitations, from small teams to large communities.',
    },
    calls: {
      title: 'Voice and video calls',
      text: 'One-to-one and group calls with a floating mini window, switch to audio and invite more people.',
    },
    moments: {
      title: 'Moments',
      text: 'Share what is happening, like and comment, and get notified when friends post.',
    },
    favorites: {
      title: 'Favorites and notes',
      text: 'Save messages, images and files, search them later and send them on in one click.',
    },
    member: {
      title: 'Membership',
      text: 'Member levels 1–10 unlock longer daily call time and a member badge.',
    },
  },
  highlights: {
    selfHosted: { value: '100%', label: 'Your data, your server' },
    realtime: { value: '< 100 ms', label: 'Real-time delivery' },
    languages: { value: '3', label: 'Languages: 中文, English, 日本語' },
  },
  aboutTeaser: {
    title: 'About us',
    text: 'Parley is built by a small team that cares about communication tools. We believe they should be simple, dependable and respectful of privacy.',
    more: 'Read more',
    point1: 'Open protocol and documentation for integrations',
    point2: 'Runs on a single machine, scales out to many nodes',
    point3: 'Collects as little as possible, encrypts everything in transit',
  },
  cta: { title: 'Start using Parley today', button: 'Log in / Sign up' },
  mock: {
    title: 'Product team',
    m1: 'New release ships tonight',
    m2: 'Got it, I will write the notes',
    m3: 'Quick video call later?',
    call: 'Video call 12:48',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for was moved, removed or never existed.',
    home: 'Back to home',
  },
};
