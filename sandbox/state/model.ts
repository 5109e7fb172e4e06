// The sandbox's in-memory records. Where the legacy contract has the shape, the record is that shape
// (or that shape plus the private fields the legacy server keeps and never sends).
import type { components } from '../../generated/legacy.ts';

type Schemas = components['schemas'];
type CoachSchema = Schemas['Coach'];
type AssistantSchema = Schemas['Assistant'];
type BalanceSchema = Schemas['BalanceTransaction'];
type CheckoutSchema = Schemas['SelfPayCheckout'];
type MiniSchema = Schemas['MiniAssessmentRecord'];
export type AssessmentType = Schemas['Assessment']['assessmentType'];
export type AssessmentLanguage = Schemas['Assessment']['assessmentLanguage'];
export type TokenType = Schemas['Assessment']['tokenType'];
export type Instinct = NonNullable<Schemas['Assessment']['userInstinct']>;
export type Currency = 'USD' | 'ZAR';

/** A coach (or the admin) as the legacy server holds it: the contract's Coach plus credentials. */
export interface CoachRecord extends CoachSchema {
  id: number;
  password: string;
  isBlocked: boolean;
  /** Base32 TOTP secret; set by setTwoFactor, confirmed by verifyTwoFactor. */
  twoFactorSecret: string | null;
  currency: Currency;
  profilePhoto: { contentType: 'image/png' | 'image/jpeg'; data: Buffer } | null;
}

export interface AssistantRecord extends AssistantSchema {
  coachUuid: string;
  password: string;
}

export interface SessionRecord {
  id: string;
  coachUuid: string;
  /** Set when an assistant signed in for the coach. */
  assistantUuid: string | null;
  /** Set when an administrator impersonates the coach. */
  impersonatorUuid: string | null;
  expiresAt: number;
}

export interface ClientRecord {
  uuid: string;
  coachUuid: string;
  name: string;
  surname: string;
  email: string;
  company: string | null;
  otherData: string | null;
  createdAt: string;
}

/** The assessment (token) columns that live on the token itself; client, coach and SCO columns are joined in views. */
export type AssessmentRecord = Omit<
  Schemas['Assessment'],
  | 'clientName'
  | 'clientSurname'
  | 'clientEmail'
  | 'clientCompany'
  | 'otherData'
  | 'coachName'
  | 'coachSurname'
  | 'fromAnotherCoach'
  | 'scoGivenTo'
  | 'scoReceivedFrom'
> & {
  inviteHistory: Schemas['HistoryEntry'][];
  reportHistory: Schemas['HistoryEntry'][];
};

export interface ScoGrant {
  assessmentUuid: string;
  fromCoachUuid: string;
  toCoachUuid: string;
  createdAt: string;
}

export interface TeamRecord {
  id: number;
  uuid: string;
  coachUuid: string;
  name: string;
  description: string | null;
  /** The project, shown as Project. */
  coach: string;
  createdAt: string;
  reportRequested: Schemas['Team']['reportRequested'];
  reportDueDate: string | null;
  reportSuppliedAt: string | null;
  duplicatedSourceId: number | null;
  /** Coaches the team was given to through SCO. */
  scoGivenTo: string[];
  /** Team ids whose report request failed to generate (fault switch / demo). */
  failedReport: boolean;
}

export interface TeamMemberRecord {
  teamUuid: string;
  assessmentUuid: string;
  isTeamLeader: number;
  memberComments: string | null;
}

export interface CoupleRecord {
  uuid: string;
  coachUuid: string;
  assessmentUuids: [string, string];
  coupleType: Schemas['Couple']['coupleType'];
  tokenType: TokenType;
  reportDueDate: string;
  reportSuppliedAt: string | null;
  reportSentAt: string | null;
  updatedAt: string;
}

export interface MessageRecord {
  uuid: string;
  coachUuid: string;
  subject: string;
  body: string;
  updatedAt: string;
  acknowledged: boolean;
  /** Shown in the dashboard alert until acknowledged. */
  needsAck: boolean;
}

export interface PolicyRecord {
  uuid: string;
  title: string;
  code: string;
  content: string;
  welcomeMessage: { beforeSigning: string; afterSigning: string };
  ackMethod: Schemas['PolicyDocument']['ackMethod'];
  extraFields: { name: string; caption: string }[];
  providerTypedName: string;
  providerSignedAtLocal: string;
}

export interface PolicyAssignment {
  policyUuid: string;
  coachUuid: string;
  dueAt: string | null;
  coachTypedName: string | null;
  coachTypedDate: string | null;
  coachSignedAt: string | null;
  extraFieldValues: { name: string; value: string }[];
}

export interface TemplateOverride {
  coachUuid: string;
  templateName: string;
  emailText: string;
}

export interface BalanceRecord extends BalanceSchema {
  coachUuid: string;
}

export interface LeftMessage {
  coachUuid: string;
  category: Schemas['LeaveMessageRequest']['category'];
  message: string;
  createdAt: string;
}

export interface CheckoutRecord extends CheckoutSchema {
  checkoutId: string;
  status: 'pending' | 'success' | 'fail';
  paymentNotes: string | null;
  referenceNumber: string | null;
  createdAt: string;
  /** The provider's reference of a payment that landed pending; the checkout succeeds with it once settled. */
  settlingReference: string | null;
}

/** An order of the PayPal Orders API stand-in (the BFF creates it; the buttons stand-in approves it; selfpay/paypalcapture captures it). */
export interface PayPalOrderRecord {
  id: string;
  clientId: string;
  /** PayPal-Request-Id: a repeated create with it answers this order. */
  requestId: string | null;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The checkout the BFF named (purchase_units[0].custom_id). */
  customId: string | null;
  amount: { currency_code: string; value: string };
  /** The buyer approved with a card that the capture will decline (the buttons stand-in's declined-card choice). */
  declined: boolean;
  payerId: string | null;
  captureId: string | null;
  createdAt: string;
}

export interface PayPalToken {
  clientId: string;
  expiresAt: number;
}

/** Work the sandbox does once its clock passes `at`: a report is supplied, a pending payment settles. */
export interface ScheduledWork {
  kind: 'teamReport' | 'pairReport' | 'payment';
  /** The team uuid, couple uuid or checkout id. */
  id: string;
  at: number;
}

export interface MiniAssessmentRecord extends MiniSchema {
  coachUuid: string;
  responses: Schemas['MiniResponses'];
}

export interface ResetCode {
  code: string;
  email: string;
  expiresAt: number;
}

/** An e-mail the sandbox "sent": kept so tests and the demo can see what went out. */
export interface OutboxEmail {
  to: string;
  subject: string;
  body: string;
  sentAt: string;
}
