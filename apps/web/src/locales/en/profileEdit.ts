export default {
  title: 'Edit profile',
  nickName: 'Nickname',
  bio: 'Bio',
  bioPlaceholder: 'Say something about yourself',
  counter: '{{n}}/{{max}}',
  nickRequired: 'Please enter a nickname',
  nickTooLong: 'The nickname can have at most {{max}} characters',
  save: 'Save',
  saved: 'Changes saved',
  avatar: {
    change: 'Change avatar',
    changeShort: 'Change',
    done: 'Uploaded',
    failed: 'Upload failed',
    type: 'Please choose a jpg, png, gif, bmp or webp image',
    size: 'The image must be 10 MB or smaller',
  },
};
