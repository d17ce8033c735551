import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { CommonGroupsSlot } from '../features/friends';
import { CommonGroupsButton } from '../features/groups';
import { setNavigator } from '../lib/nav';
import { Toaster } from '../ui/Toaster';
import { createRouter } from './router';

export function App() {
  const router = useMemo(() => {
    const r = createRouter();
    setNavigator((to, opts) => void r.navigate(to, opts));
    return r;
  }, []);
  return (
    <CommonGroupsSlot.Provider value={CommonGroupsButton}>
      <RouterProvider router={router} />
      <Toaster />
    </CommonGroupsSlot.Provider>
  );
}
