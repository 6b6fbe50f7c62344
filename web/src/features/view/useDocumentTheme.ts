// The theme the reader chose, on the page: the app and the embedded frame set it the same way.
import { useEffect } from "react";
import { useAppStore } from "../../store/index.ts";

/** Puts the store's theme on `<html data-theme>`; "system" leaves the colour scheme to the operating system. */
export function useDocumentTheme(): void {
  const theme = useAppStore((s) => s.theme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
