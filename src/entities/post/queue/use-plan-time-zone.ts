import { useEffect } from 'react';
import { queueTimeZone, useScheduleStore } from './schedule-store';

/**
 * The time zone planning shows and reads times in (docs/product.md §9.6): the one chosen in
 * Settings → Schedule, else the browser's. Loads the schedule once per sign-in (the store shares
 * one load); until it is known, and when it cannot be loaded, the browser's zone is used. A
 * component that shows a plan re-renders when the zone becomes known or changes.
 */
export function usePlanTimeZone(): string {
  const timeZone = useScheduleStore((state) => queueTimeZone(state.schedule));
  useEffect(() => {
    useScheduleStore
      .getState()
      .load()
      .catch(() => undefined);
  }, []);
  return timeZone;
}
