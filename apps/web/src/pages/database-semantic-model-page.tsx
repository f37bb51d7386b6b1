import type { SemanticModelState } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, Pencil, Sparkles, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { secondaryButtonClass } from '../components/form-field.tsx';
import { EmptyState, linkClass, Page } from '../components/page.tsx';
import { ImportPanel } from '../features/semantic-model/import-panel.tsx';
import { ModelHistory } from '../features/semantic-model/model-history.tsx';
import { ModelJsonEditor } from '../features/semantic-model/model-json-editor.tsx';
import { ModelOverview } from '../features/semantic-model/model-overview.tsx';
import { ProposalBanner } from '../features/semantic-model/proposal-banner.tsx';
import { useSemanticModelActions } from '../features/semantic-model/use-semantic-model-actions.ts';
import { errorMessage } from '../lib/api-error.ts';

/** The saved model as an OSI YAML file, downloaded by the browser itself (the server names it). */
function ExportLink({ databaseId }: { databaseId: string }) {
  return (
    <a
      href={`/api/databases/${encodeURIComponent(databaseId)}/semantic-model/export?format=osi`}
      download
      className={secondaryButtonClass}
    >
      <Download size={14} aria-hidden="true" /> Export as OSI YAML
    </a>
  );
}

function SemanticModelScreen({ databaseId, state }: { databaseId: string; state: SemanticModelState }) {
  const { api } = useServices();
  const actions = useSemanticModelActions(databaseId, state.version);
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const history = useQuery({
    queryKey: queryKeys.semanticModelHistory(databaseId),
    queryFn: () => api.semanticModels.history(databaseId),
  });
  const { abilities, model, proposal } = state;
  // An answer's "stands on" link names a metric (#metric-name): shown once the model is drawn.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [hash, model]);
  return (
    <>
      <p className="-mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        What this database's tables mean to the business: datasets, how they join, and the metrics to trust.
        {state.version > 0
          ? ` Version ${state.version}${state.updatedBy ? `, saved by ${state.updatedBy}` : ''}.`
          : ''}
      </p>
      {proposal ? (
        <ProposalBanner
          proposal={proposal}
          canDecide={abilities.edit}
          hasModel={model !== null}
          busy={actions.busy}
          onAccept={actions.accept}
          onReject={actions.reject}
        />
      ) : null}
      {abilities.edit && !editing ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={actions.busy}
            onClick={actions.propose}
          >
            <Sparkles size={14} aria-hidden="true" /> Propose from the schema
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            <Pencil size={14} aria-hidden="true" /> Edit as JSON
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-expanded={importing}
            onClick={() => setImporting(true)}
          >
            <Upload size={14} aria-hidden="true" /> Import…
          </button>
          {model ? <ExportLink databaseId={databaseId} /> : null}
        </div>
      ) : model && !editing ? (
        <div className="flex flex-wrap gap-2">
          <ExportLink databaseId={databaseId} />
        </div>
      ) : null}
      {importing && abilities.edit ? (
        <ImportPanel databaseId={databaseId} onClose={() => setImporting(false)} />
      ) : null}
      {editing ? (
        <ModelJsonEditor model={model} onSave={actions.save} onClose={() => setEditing(false)} />
      ) : model ? (
        <ModelOverview
          model={model}
          canCertify={abilities.certify}
          busy={actions.busy}
          onCertify={actions.certify}
          onWithdraw={actions.withdraw}
        />
      ) : (
        <EmptyState>
          No semantic model is saved for this database yet.
          {abilities.edit ? ' Propose one from its schema, import one from dbt or OSI, or write one.' : ''}
        </EmptyState>
      )}
      {history.data ? <ModelHistory history={history.data} /> : null}
    </>
  );
}

/**
 * /databases/:id/semantic-model: the database's semantic model to read, edit (as JSON), certify
 * metrics of, take proposals for (from the schema or imported from dbt or OSI files), and export
 * as OSI YAML; its history below.
 */
export function DatabaseSemanticModelPage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const state = useQuery({
    queryKey: queryKeys.semanticModel(id),
    queryFn: () => api.semanticModels.get(id),
  });
  const back = (
    <Link to={`/databases/${id}`} className={linkClass}>
      <ArrowLeft size={14} aria-hidden="true" /> Database
    </Link>
  );
  return (
    <Page title="Semantic model" actions={back}>
      {state.data ? (
        <SemanticModelScreen databaseId={id} state={state.data} />
      ) : state.isError ? (
        <p role="alert">{errorMessage(state.error)}</p>
      ) : (
        <p role="status">Loading…</p>
      )}
    </Page>
  );
}
