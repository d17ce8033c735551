export default {
  faq: 'FAQ',
};
