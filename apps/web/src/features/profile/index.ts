/** Public surface of the profile feature: the drawer the app layout opens from the sidebar avatar. */
export { ProfileDrawer } from './ProfileDrawer';
