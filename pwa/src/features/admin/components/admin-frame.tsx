import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { isAdminAtom } from '../../../lib/http/session';
import { DashboardFrame } from '../../account/public';
import '../admin.css';

/** The dashboard frame for admin pages: a signed-in customer sees a short note (the server refuses them anyway). */
export function AdminFrame({ children }: { children: ReactNode }) {
  const admin = useAtomValue(isAdminAtom);
  return (
    <DashboardFrame>
      {admin ? (
        children
      ) : (
        <section className="state-box">
          <p>This page is for administrators.</p>
          <Link to="/">Go to home</Link>
        </section>
      )}
    </DashboardFrame>
  );
}
