// `virtual:pwa-register` (vite-plugin-pwa): registerSW and its options.
/// <reference types="vite-plugin-pwa/vanillajs" />
