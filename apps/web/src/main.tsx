import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/first-screen.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first screen waits for its own language's texts (one small chunk).
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
