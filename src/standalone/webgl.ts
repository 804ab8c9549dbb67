/**
 * Whether this browser draws WebGL in software (no usable GPU: Chromium's SwiftShader, Mesa's llvmpipe),
 * where multisampling and PIXI's many-texture batch shader cost per pixel what a GPU does for free.
 */
export function softwareWebGL(): boolean {
  const probe = document.createElement("canvas");
  const caveat: WebGLContextAttributes = { failIfMajorPerformanceCaveat: true };
  const gl = probe.getContext("webgl2", caveat) ?? probe.getContext("webgl", caveat);
  if (!gl) return true;
  // Headless Chromium hands out SwiftShader even to a context that refuses a performance caveat.
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}
