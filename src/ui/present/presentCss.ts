/** The presentation's highlight: a thick orange outline and a wide halo, the size of a laser pointer's dot from the back of a room, on the acting element. */
export const PRESENT_CSS = `
[data-present] [data-active] {
  outline: 6px solid #ea580c;
  outline-offset: 4px;
  box-shadow: 0 0 0 18px rgb(234 88 12 / 0.35);
  animation: pw-present-pulse 1.6s ease-in-out infinite;
}
@media (prefers-reduced-motion: reduce) {
  [data-present] [data-active] { animation: none; }
}
@keyframes pw-present-pulse {
  50% { box-shadow: 0 0 0 28px rgb(234 88 12 / 0.2); }
}
`;
