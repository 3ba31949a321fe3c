// First: the settings that let the libraries run under the page's Content-Security-Policy.
import '@/app/csp-setup';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from '@/app/app';
import { bindDraftToUser } from '@/app/bind-draft-to-user';
import { startAutosave } from '@/entities/post/document/autosave';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { keepLinkedInReturn } from '@/entities/post/publishing/linkedin-return';
import { initSupabase } from '@/lib/supabase/client';
import './styles.css';

// Before the first render: the draft must follow the user from the very first auth update.
bindDraftToUser();

const root = createRoot(document.getElementById('root') as HTMLElement);

function StartupError({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <section role="alert" className="max-w-md rounded-2xl border border-red-200 bg-white p-8 shadow">
        <h1 className="text-xl font-semibold text-red-700">Error</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <button
          type="button"
          className="mt-6 rounded-lg bg-brand-500 px-4 py-2 text-sm font-medium text-white"
          onClick={() => window.location.reload()}
        >
          Try Again
        </button>
      </section>
    </main>
  );
}

loadRuntimeConfig()
  .then((config) => {
    // LinkedIn's `code` on /linkedin/callback is not for supabase-js: set aside before it starts.
    keepLinkedInReturn();
    initSupabase(config.supabaseUrl, config.supabasePublishableKey);
    // The post being written is saved as the author writes (entities/post/document/autosave.ts).
    startAutosave();
    // After the LinkedIn return is set aside: the router starts from the address as the app sees it.
    root.render(<App config={config} router={createAppRouter()} />);
  })
  .catch((error: unknown) => {
    root.render(
      <StartupError message={error instanceof Error ? error.message : 'The app could not start.'} />,
    );
  });
