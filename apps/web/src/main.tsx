import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createServices } from './app/services.ts';
import { applyTheme } from './stores/theme-store.ts';

applyTheme();
const services = createServices();
services.versionChecker.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// index.html's "Loading…" stays until the first animation frame (SPEC.md §2).
requestAnimationFrame(() => {
  createRoot(container).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
});
