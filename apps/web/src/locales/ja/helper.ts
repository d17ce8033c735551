export default {
  faq: 'よくある質問',
};
