import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { RootLayout } from './app/root-layout.tsx';
import { AppRoutes } from './app/router.tsx';
import { BASE_PATH } from './config/build.ts';
import { QueryProvider } from './lib/query-provider.tsx';
import './styles/global.css';
import './components/ui/ui.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <Provider>
      <QueryProvider>
        <Router base={BASE_PATH}>
          <RootLayout>
            <AppRoutes />
          </RootLayout>
        </Router>
      </QueryProvider>
    </Provider>
  </StrictMode>,
);
