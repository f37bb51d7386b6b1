import './styles.css';
import { StrictMode } from 'react';
import { App } from './app/app.tsx';
import { mountOnNextFrame } from './app/mount.ts';
import { createServices } from './app/services.ts';
import { applyTheme } from './stores/theme-store.ts';

applyTheme();
const services = createServices();
services.versionChecker.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void mountOnNextFrame(
  container,
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
