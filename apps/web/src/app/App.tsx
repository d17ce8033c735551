import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { CommonGroupsSlot, RecommendSlot } from '../features/friends';
import { CommonGroupsButton } from '../features/groups';
import { RecommendButton } from '../features/messages';
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
      <RecommendSlot.Provider value={RecommendButton}>
        <RouterProvider router={router} />
        <Toaster />
      </RecommendSlot.Provider>
    </CommonGroupsSlot.Provider>
  );
}
