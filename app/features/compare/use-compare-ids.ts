import { useRouteLoaderData } from "react-router";

/** The suppliers chosen for comparison (the root loader reads them from the compare cookie). */
export function useCompareIds(): readonly number[] {
  const root = useRouteLoaderData("root") as { compare?: number[] } | undefined;
  return root?.compare ?? [];
}
