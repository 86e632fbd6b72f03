import { isSignedIn } from '../api/tokens.ts';
import { NotFoundContent, PublicNotFound } from '../features/not-found/NotFoundPage.tsx';
import { AnotherUserAlert } from './AnotherUserAlert.tsx';
import { LoginLayout } from './layouts/LoginLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';

/** Unknown paths: inside the main layout for a signed-in user, in the login layout otherwise. */
export function NotFoundRoute() {
  if (!isSignedIn()) {
    return (
      <LoginLayout>
        <PublicNotFound />
      </LoginLayout>
    );
  }
  return (
    <>
      <AnotherUserAlert />
      <MainLayout>
        <NotFoundContent />
      </MainLayout>
    </>
  );
}
