/**
 * Public surface of the auth feature. The login page itself is a route entry: app/router.tsx loads
 * it with import() so it stays its own chunk; it is not re-exported here.
 */
export { authApi } from './api';
export { checkLoginPwd, checkNewPwd, checkPhone, type Check } from './validate';
