import type { SemanticModelState } from '@querent/contracts';
import { Download, Pencil, Sparkles, Upload } from 'lucide-react';
import { useState } from 'react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { EmptyState } from '../../components/page.tsx';
import { ImportPanel } from './import-panel.tsx';
import { ModelJsonEditor } from './model-json-editor.tsx';
import { ModelOverview } from './model-overview.tsx';
import { ProposalBanner } from './proposal-banner.tsx';
import { ProposalReview } from './proposal-review.tsx';
import type { SemanticModelActions } from './use-semantic-model-actions.ts';

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

/**
 * The saved model as it is now: the pending proposal (accept all, some items, or reject), the
 * toolbar (propose, edit as JSON, import, export), and the model with its certify buttons.
 */
export function CurrentModelView({
  databaseId,
  state,
  actions,
}: {
  databaseId: string;
  state: SemanticModelState;
  actions: SemanticModelActions;
}) {
  // The version the JSON editor was opened on: its save is made from that one, so a version saved
  // meanwhile (a restore, someone else) is a 409 rather than silently written over.
  const [editingFrom, setEditingFrom] = useState<number | null>(null);
  const editing = editingFrom !== null;
  const [importing, setImporting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const { abilities, model, proposal } = state;
  return (
    <>
      {proposal ? (
        <ProposalBanner
          proposal={proposal}
          canDecide={abilities.edit}
          hasModel={model !== null}
          busy={actions.busy}
          reviewing={reviewing}
          onReview={() => setReviewing((open) => !open)}
          onAccept={actions.accept}
          onReject={actions.reject}
        />
      ) : null}
      {proposal && reviewing && abilities.edit ? (
        <ProposalReview
          // A proposal made while this one was open is another list: reviewed afresh.
          key={proposal.proposedAt}
          proposal={proposal}
          savedModel={model}
          busy={actions.busy}
          onAccept={actions.acceptItems}
          onClose={() => setReviewing(false)}
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
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setEditingFrom(state.version)}
          >
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
        <ModelJsonEditor
          model={model}
          onSave={(edited) => actions.save(edited, editingFrom)}
          onClose={() => setEditingFrom(null)}
        />
      ) : model ? (
        <ModelOverview
          model={model}
          certifying={
            abilities.certify
              ? { busy: actions.busy, onCertify: actions.certify, onWithdraw: actions.withdraw }
              : null
          }
        />
      ) : (
        <EmptyState>
          No semantic model is saved for this database yet.
          {abilities.edit ? ' Propose one from its schema, import one from dbt or OSI, or write one.' : ''}
        </EmptyState>
      )}
    </>
  );
}
