export { helperApi, isHelperConversation } from './api';
export { askHelper, HelperFaqButton } from './FaqDialog';
