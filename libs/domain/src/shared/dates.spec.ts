import { isDomainError } from './domain-error';
import { addDays, calendarDate, dayIn, optionalCalendarDate } from './dates';

describe('calendar dates', () => {
  const date = calendarDate();

  it('takes days that exist and refuses others, naming the field', () => {
    expect(date('2028-02-29', 'issue_date')).toBe('2028-02-29');
    for (const bad of [
      '2030-02-29',
      '2030-02-31',
      '2030-13-01',
      '2030-1-5',
      '2030-01-15T00:00:00Z',
      20300115,
      '',
    ]) {
      const refusal = date(bad, 'issue_date');
      expect(isDomainError(refusal) && refusal.param).toBe('issue_date');
    }
  });

  it('reads null and "" as no date when optional', () => {
    expect(optionalCalendarDate()(null, 'expiry_date')).toBeNull();
    expect(optionalCalendarDate()('', 'expiry_date')).toBeNull();
  });

  it('tells the day an instant falls on in a time zone', () => {
    expect(dayIn('UTC', '2030-01-15T23:59:59Z')).toBe('2030-01-15');
    expect(dayIn('Pacific/Auckland', '2030-01-15T12:00:00Z')).toBe('2030-01-16');
    expect(dayIn('America/Los_Angeles', '2030-01-15T05:00:00Z')).toBe('2030-01-14');
    expect(dayIn('Pacific/Auckland', '2030-01-15T10:00:00Z')).toBe('2030-01-15');
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2030-01-15', 30)).toBe('2030-02-14');
    expect(addDays('2030-01-15', 0)).toBe('2030-01-15');
  });
});
