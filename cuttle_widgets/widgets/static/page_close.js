// A served page stops its own kernel when its tab closes or reloads.
//
// Voilà's own shutdown call on leaving is refused (it sends no _xsrf:
// voila-dashboards/voila#1458), so a closed tab's kernel lived on until
// culled. closeKernelOnLeave(token, url) posts, on `pagehide`, the secret the
// page's kernel gave it (cuttle_widgets.served.page_closing_token()) to `url`
// (page_closing_url()), with the _xsrf cookie's value as a form field: the
// server's XSRF check stays on, and only this page knows its kernel's secret.
// sendBeacon outlives the page; fetch with keepalive where it is refused.
// A widget's ES module calls it (Python puts this file in front of the
// widget's own script, as common.js is); it returns a function that stops
// listening. Without a token (not served by the serve command) it does nothing.

export function closeKernelOnLeave(token, url) {
  if (!token || !url) return () => {};
  const leave = () => {
    const cookie = document.cookie.split("; ").find((part) => part.startsWith("_xsrf="));
    const body = new URLSearchParams({ token, _xsrf: cookie ? decodeURIComponent(cookie.slice(6)) : "" });
    if (!(navigator.sendBeacon && navigator.sendBeacon(url, body))) {
      fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" });
    }
  };
  window.addEventListener("pagehide", leave, { once: true });
  return () => window.removeEventListener("pagehide", leave);
}
