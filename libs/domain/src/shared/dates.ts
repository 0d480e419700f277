import { invalid } from './domain-error';
import { Parser } from './parsers';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day that exists on the calendar (2030-02-31 is refused, not rolled over). */
export function calendarDate(): Parser<string> {
  return (value, param) => {
    const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
    if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3])))
      return invalid(param, `${param} must be a date such as 2030-01-31.`);
    return value as string;
  };
}

/** An optional date: null and "" mean none. */
export function optionalCalendarDate(): Parser<string | null> {
  const date = calendarDate();
  return (value, param) => (value === null || value === '' ? null : date(value, param));
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Formatters by time zone: building one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in an IANA time zone (`en-CA` formats as YYYY-MM-DD). */
export function dayIn(timeZone: string, instant: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** `days` after a `YYYY-MM-DD` day (calendar days: no time zone is involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
