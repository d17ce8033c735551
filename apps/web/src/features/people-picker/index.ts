export { PeoplePicker, type PeoplePickerProps } from './PeoplePicker';
export { PeoplePickerDialog, type PeoplePickerDialogProps } from './PeoplePickerDialog';
export { groupAlphabetically, initialOf, matches, sortKeyOf, HASH } from './alphabet';
export { displayName, type PickerItem, type PickerMode, type PickerType, type PickerRow } from './types';
