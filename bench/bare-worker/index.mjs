export default {
  fetch() {
    return new Response(null, { status: 204 });
  },
};
