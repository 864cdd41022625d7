// A real OpenID Connect provider (the oidc-provider package) standing in for Google in
// browser tests: `node tests/support/oidc-server.js <port> <app base URL>`.
// Any login name is accepted; "noname-..." accounts have no name claim. The provider
// can be made unreachable with GET /__control/down (and back with /__control/up) to test
// what users see when Google cannot be reached.
import http from "node:http";
import Provider from "oidc-provider";

const [port, appUrl] = [Number(process.argv[2]), process.argv[3]];
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "devprep-test",
      client_secret: "devprep-test-secret",
      redirect_uris: [`${appUrl}/api/auth/callback/google`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  conformIdTokenClaims: false,
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        const claims = { sub: id, email: `${id.toLowerCase()}@example.com`, email_verified: true };
        return id.startsWith("noname") ? claims : { ...claims, name: `Tester ${id}` };
      },
    };
  },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => false },
});
provider.proxy = false;

let down = false;
const callback = provider.callback();
http
  .createServer((req, res) => {
    if (req.url === "/__control/down" || req.url === "/__control/up") {
      down = req.url.endsWith("down");
      res.end(down ? "down" : "up");
      return;
    }
    if (down) {
      req.socket.destroy();
      return;
    }
    callback(req, res);
  })
  .listen(port, "127.0.0.1", () => console.log(`oidc test provider at ${issuer}`));
