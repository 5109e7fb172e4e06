import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Loading } from '../components/ui/loading.tsx';
import { isReportCode } from '../lib/labels/report-codes.ts';
import { lazyRoute } from './lazy-route.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';

// Every page is its own chunk: a public page never loads the coach area's code (the public-route budget).
// Route modules export `Component`; paths are relative to the /coachportal base (main.tsx).

const Login = lazyRoute(() => import('./routes/public/login.tsx'));
const SessionCheck = lazyRoute(() => import('./routes/public/session-check.tsx'));
const ResetPassword = lazyRoute(() => import('./routes/public/reset-password.tsx'));
const Register = lazyRoute(() => import('./routes/public/register.tsx'));
const PaymentStatus = lazyRoute(() => import('./routes/public/payment-status.tsx'));
const GuestReport = lazyRoute(() => import('./routes/public/guest-report.tsx'));
const Policy = lazyRoute(() => import('./routes/public/policy.tsx'));
const MiniAssessment = lazyRoute(() => import('./routes/public/mini-assessment.tsx'));
const CoachArea = lazyRoute(() => import('./routes/coach/coach-area.tsx'));

/**
 * spec assessments-and-clients §2.1: /reports/{code} is the report studio, a coach screen; /reports/{uuid} the legacy
 * guest report (a report code is never a guest id, a 36-character uuid).
 */
/** The route table (spec public-and-guest §2); everything else is the coach area. */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Loading label="Loading..." />}>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          <Route path="/login" component={Login} />
          <Route path="/sessioncheck" component={SessionCheck} />
          <Route path="/resetpassword" component={ResetPassword} />
          <Route path="/register/*?" component={Register} />
          <Route path="/paymentstatus" component={PaymentStatus} />
          <Route path="/reports/:guestId">{({ guestId }) => (isReportCode(guestId) ? <CoachArea /> : <GuestReport />)}</Route>
          <Route path="/reports/:reportCode/:guestId" component={GuestReport} />
          <Route path="/customreports/:reportCode/:guestId" component={GuestReport} />
          <Route path="/policies/:coachUuid/:policyUuid" component={Policy} />
          <Route path="/mini/:coachUuid" component={MiniAssessment} />
          <Route component={CoachArea} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
