import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
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
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
