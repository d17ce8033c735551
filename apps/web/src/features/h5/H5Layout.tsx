import { Outlet } from 'react-router-dom';
import './h5.css';

/** Frame of the /h5 pages: opened on phones from links and QR codes; no auth guard. */
export default function H5Layout() {
  return (
    <main className="h5">
      <Outlet />
    </main>
  );
}
