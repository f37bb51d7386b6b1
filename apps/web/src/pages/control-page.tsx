import type { BusinessEntity } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../app/services-context.tsx';
import { buttonClass, EmptyState, Page } from '../components/page.tsx';
import { businessEntitiesQuery } from '../features/business-entities/business-entities-query.ts';
import { EntityCard } from '../features/business-entities/entity-card.tsx';
import { EntityPanel } from '../features/business-entities/entity-panel.tsx';
import {
  analysisPrompt,
  autoScanPrompt,
  ENTITIES_ERROR_DEFAULT,
  filterEntities,
} from '../features/business-entities/entity-rules.ts';
import { QualityControls } from '../features/business-entities/quality-controls.tsx';
import { startConversation } from '../features/business-entities/start-conversation.ts';
import { serverMessage } from '../lib/api-error.ts';
import { useContextStore } from '../stores/context-store.ts';

/**
 * /control: the business entities of the selected context and their scores. `?entity={id}` opens
 * that entity's checks and the arithmetic of its scores beside the cards.
 */
export function ControlPage() {
  const services = useServices();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openEntity = params.get('entity');
  const contextId = useContextStore((state) => state.contextSelectedId);
  const [search, setSearch] = useState('');
  const entities = useQuery(businessEntitiesQuery(services.api, contextId));
  // On error the list is emptied and only the message remains.
  const list = entities.isError ? [] : (entities.data ?? []);
  const visible = filterEntities(list, search);

  async function ask(text: string) {
    try {
      const conversationId = await startConversation(services, text);
      await navigate(`/chat/${conversationId}`);
    } catch (error) {
      // Scan and analysis failures are only logged.
      console.error('Could not start the scan', error);
    }
  }

  return (
    <Page
      title="Business Entities"
      actions={
        <button
          type="button"
          className={`${buttonClass} ${list.length > 0 ? 'opacity-50' : ''}`}
          onClick={() => void ask(autoScanPrompt)}
        >
          <ScanSearch size={16} aria-hidden="true" />
          Scan auto
        </button>
      }
    >
      {contextId === null ? (
        <EmptyState>Select a database or project to see its business entities.</EmptyState>
      ) : null}
      {entities.isLoading ? (
        <div role="status" className="flex justify-center p-8">
          <LoaderCircle className="animate-spin" aria-label="Loading business entities" />
        </div>
      ) : null}
      {entities.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">Error loading business entities</p>
          <p>{serverMessage(entities.error, ENTITIES_ERROR_DEFAULT)}</p>
        </div>
      ) : null}
      {entities.isSuccess ? (
        <>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search entities..."
            aria-label="Search entities"
            className="rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          {list.length === 0 ? (
            <EmptyState>No business entity yet. Scan the database to find them.</EmptyState>
          ) : contextId !== null ? (
            <QualityControls contextId={contextId} />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((entity: BusinessEntity) => (
              <EntityCard
                key={entity.id}
                entity={entity}
                onOpenReview={(id) => void navigate(`/chat/${id}`)}
                onStartAnalysis={(target) => void ask(analysisPrompt(target.name))}
                onShowDetails={(target) => setParams({ entity: target.id })}
              />
            ))}
          </div>
        </>
      ) : null}
      {openEntity ? <EntityPanel entityId={openEntity} onClose={() => setParams({})} /> : null}
    </Page>
  );
}
