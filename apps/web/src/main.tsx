// First: zod must be told not to compile with `new Function` before any schema is built.
import './app/zod-jitless.ts';
// Only what the first visit (sign-in, the loader) draws: Mantine's base and the components of
// /login. The signed-in shell (app-layout.tsx) brings every other component's styles; all of
// Mantine sits in its `mantine` CSS layer, so the app's own styles win whatever loads first.
import './app/first-visit-styles.ts';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
