import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LiffApp } from './app/liff-app.tsx';

/** The mini-apps' own entry (liff.html): no back-office code, no MUI, no router. */
const root = document.getElementById('root');
if (!root) throw new Error('liff.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <LiffApp pathname={window.location.pathname} search={window.location.search} />
  </StrictMode>,
);
