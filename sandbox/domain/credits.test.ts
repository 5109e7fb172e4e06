import { describe, expect, it } from 'vitest';
import {
  assessmentCost,
  balanceTransaction,
  bulkDiscountPercent,
  charge,
  chargedAmount,
  checkBulkOrder,
  pairReportCost,
  priceString,
  quoteBulkOrder,
  selfRegisterPrice,
  teamReportCost,
  transactionDescription,
} from './credits.ts';

describe('costs (spec coach-shell §9)', () => {
  it('charges assessments Combined 3, Maturity 2, Enneagram 1', () => {
    expect([assessmentCost('full'), assessmentCost('EIT'), assessmentCost('ennea')]).toEqual([3, 2, 1]);
  });

  it('charges team reports Combined 4, Maturity 2, Enneagram 2', () => {
    expect([teamReportCost('Full'), teamReportCost('IMf'), teamReportCost('Ennea')]).toEqual([4, 2, 2]);
  });

  it('charges pair reports 2 for either type', () => {
    expect([pairReportCost('Romance'), pairReportCost('Workplace')]).toEqual([2, 2]);
  });
});

describe('bulk orders (spec coach-shell §5, §9)', () => {
  it('needs at least 10 whole credits', () => {
    expect(checkBulkOrder(9)).toEqual({ ok: false, info: 'The minimum bulk order is 10 credits.' });
    expect(checkBulkOrder(10)).toEqual({ ok: true });
    expect(checkBulkOrder(12.5)).toEqual({ ok: false, info: 'The number of credits must be a whole number.' });
  });

  it('applies the discount tiers at their edges', () => {
    expect([1, 49, 50, 99, 100, 199, 200, 1000].map(bulkDiscountPercent)).toEqual([0, 0, 5, 5, 10, 10, 15, 15]);
  });

  it('quotes dollars without VAT', () => {
    expect(quoteBulkOrder(50, 'USD')).toEqual({
      credits: 50,
      currency: 'USD',
      unitPrice: 50,
      discountPercent: 5,
      subtotal: 2375,
      vat: 0,
      total: 2375,
    });
  });

  it('quotes rand with VAT on the discounted amount', () => {
    expect(quoteBulkOrder(200, 'ZAR')).toMatchObject({ unitPrice: 500, discountPercent: 15, subtotal: 85000, vat: 12750, total: 97750 });
    expect(quoteBulkOrder(10, 'ZAR')).toMatchObject({ subtotal: 5000, vat: 750, total: 5750 });
  });
});

describe('prices (spec public-and-guest §9)', () => {
  it('writes price strings as the portal shows them', () => {
    expect(priceString('ZAR', 550)).toBe('R550 + VAT');
    expect(priceString('USD', 55)).toBe('$55');
  });

  it('prices self-registration at $55 or R550 + VAT', () => {
    expect(selfRegisterPrice('USD')).toEqual({ currency: 'USD', priceString: '$55', costOfAssessment: 55 });
    expect(selfRegisterPrice('ZAR')).toEqual({ currency: 'ZAR', priceString: 'R550 + VAT', costOfAssessment: 632.5 });
  });

  it('adds VAT only to rand amounts', () => {
    expect(chargedAmount('ZAR', 500)).toBe(575);
    expect(chargedAmount('USD', 50)).toBe(50);
  });
});

describe('balance transactions (spec coach-shell §2.9, §3)', () => {
  const at = new Date('2025-10-21T08:12:44Z');

  it('records a charge with the running balance, which may go negative', () => {
    expect(charge(2, assessmentCost('full'), transactionDescription.assessmentAdded('full', 'Zuzana Kovacova'), at)).toEqual({
      datetime: '2025-10-21 08:12:44',
      description: 'Combined assessment added for Zuzana Kovacova',
      credits: -3,
      balance: -1,
    });
  });

  it('records credits back and purchases as positive movements', () => {
    expect(balanceTransaction(-1, 3, transactionDescription.assessmentDeleted('full', 'Zuzana Kovacova'), at)).toMatchObject({
      credits: 3,
      balance: 2,
    });
    expect(balanceTransaction(0, 50, transactionDescription.creditsPurchased(50), at)).toMatchObject({
      description: 'Bulk order of 50 credits paid',
      balance: 50,
    });
  });

  it('describes team and pair charges', () => {
    expect(transactionDescription.teamReport('Full', 'Depot Managers')).toBe('Combined team report requested for Depot Managers');
    expect(transactionDescription.pairReport('Workplace', 'Ann & Ben')).toBe('Colleagues pair report for Ann & Ben');
  });
});
