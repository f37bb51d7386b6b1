import { contextId, type Engine, isEngine } from '@querent/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../app/services-context.tsx';
import { secondaryButtonClass } from '../components/form-field.tsx';
import { linkClass } from '../components/page.tsx';
import { putDatabaseInCache } from '../features/databases/database-cache.ts';
import { DatabaseForm, type SaveRequest } from '../features/databases/database-form.tsx';
import { createBody } from '../features/databases/database-form-values.ts';
import { EngineIcon, engineName } from '../features/databases/engine-icon.tsx';
import { EnginePicker } from '../features/databases/engine-picker.tsx';
import { notify } from '../stores/notifications-store.ts';
import { useUserStore } from '../stores/user-store.ts';

function ConnectForm({ engine, onBack }: { engine: Engine; onBack: () => void }) {
  const { api, queryClient, changeContext } = useServices();
  const navigate = useNavigate();
  const abilities = useUserStore((state) => state.user.abilities);

  // Saved means ready to talk about: it becomes the context and the user lands in a new chat.
  async function save({ values, options }: SaveRequest) {
    const created = await api.databases.create(createBody(engine, values, options));
    putDatabaseInCache(queryClient, created);
    changeContext(contextId('database', created.id));
    const warning = created.credential_warning;
    notify({
      title: 'Database connected',
      text: warning
        ? `${created.name} is ready. Its login can do more than read: ${warning.found.join('; ')}. Test the connection on its page to see how to connect with a read-only login.`
        : `${created.name} is ready. Ask it a question.`,
    });
    await navigate('/chat/new');
    return undefined;
  }

  return (
    <>
      <div className="flex items-center gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" /> Back
        </button>
        <span className="text-xs text-zinc-500">Step 2 of 2</span>
      </div>
      <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight">
        <EngineIcon engine={engine} size={22} />
        Connect {engineName(engine)}
      </h1>
      <DatabaseForm
        key={engine}
        engine={engine}
        canSetPublic={abilities.publish_databases}
        canConfirmPower={abilities.confirm_credentials}
        submitLabel="Save"
        onSave={save}
      />
    </>
  );
}

/**
 * The setup funnel (/setup and /databases/new): step 1 picks the engine, step 2 fills in its
 * details. The engine lives in the address (`?engine=`), so the browser's back button and a
 * reload keep the step.
 */
export function SetupPage() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const chosen = params.get('engine');
  const engine = chosen !== null && isEngine(chosen) ? chosen : null;
  const fromList = pathname.startsWith('/databases');

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-6 p-6 sm:py-12">
      <div className="flex items-center justify-between">
        <span className="text-lg font-semibold tracking-tight">Querent</span>
        <Link to={fromList ? '/databases' : '/'} className={linkClass}>
          {fromList ? 'Cancel' : 'Skip for now'}
        </Link>
      </div>
      {engine ? (
        <ConnectForm engine={engine} onBack={() => setParams({})} />
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-zinc-500">Step 1 of 2</span>
            <h1 className="text-2xl font-semibold tracking-tight">Connect a database</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Pick the kind of database. On the next step you enter its details, test the connection and
              choose whether Querent may only read it.
            </p>
          </div>
          <EnginePicker onPick={(picked) => setParams({ engine: picked })} />
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Have a CSV, Excel or Parquet file instead?{' '}
            <Link to="/upload" className={linkClass}>
              Upload it
            </Link>
            .
          </p>
        </>
      )}
    </div>
  );
}
