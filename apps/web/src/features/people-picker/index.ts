export { PeoplePicker, type PeoplePickerProps } from './PeoplePicker';
export { PeoplePickerDialog, type PeoplePickerDialogProps } from './PeoplePickerDialog';
export {
  currentIndexStyle,
  groupAlphabetically,
  initialOf,
  matches,
  search,
  sortKeyOf,
  HASH,
} from './alphabet';
export { displayName, type PickerItem, type PickerMode, type PickerType, type PickerRow } from './types';
