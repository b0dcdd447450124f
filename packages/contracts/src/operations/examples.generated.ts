// Written by tests/integration/openapi-compliance.test.ts with UPDATE_OPENAPI_EXAMPLES=1: real answers
// of a stack over the registry snapshot (servers of the 2025-12-18 snapshot where the call names one).
export const EXAMPLES: Record<string, Record<string, unknown>> = {
  "getServer": {
    "200": {
      "name": "app.getdialer/dialer",
      "title": null,
      "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
      "version": "1.0.1",
      "status": "active",
      "published_at": "2025-09-09T00:16:49.107Z",
      "first_published_at": "2025-09-08T23:47:09.452Z",
      "updated_at": "2025-09-09T00:16:49.162Z",
      "deleted_at": null,
      "website_url": null,
      "repository": null,
      "icons": [],
      "remotes": [
        {
          "type": "streamable-http",
          "url": "https://getdialer.app/mcp",
          "templated": false,
          "headers": [],
          "access": null,
          "server_card": null
        },
        {
          "type": "sse",
          "url": "https://getdialer.app/sse",
          "templated": false,
          "headers": [],
          "access": null,
          "server_card": null
        }
      ],
      "packages": [],
      "connection": {
        "class": "unknown",
        "autonomous": false,
        "human_steps": [],
        "reason": "The remote has not been probed yet and declares no credential.",
        "targets": [
          "mcpServers",
          "vscode",
          "cursor",
          "claude-code-cli",
          "codex-toml",
          "gemini",
          "goose",
          "antigravity"
        ]
      },
      "categories": [
        "other"
      ],
      "trust": {
        "score": 65,
        "flags": [
          "namespace_domain",
          "remote_host_matches_namespace",
          "owner_verified"
        ],
        "evidence": {
          "namespace_domain": {
            "domain": "getdialer.app",
            "namespace": "app.getdialer"
          },
          "remote_host_matches_namespace": {
            "host": "getdialer.app",
            "remote": "https://getdialer.app/mcp"
          },
          "owner_verified": {
            "method": "remote_host",
            "evidence": {
              "host": "getdialer.app",
              "domain": "getdialer.app",
              "remote": "https://getdialer.app/mcp",
              "namespace": "app.getdialer"
            },
            "verified_at": "2026-11-26T22:32:04.879Z"
          }
        }
      },
      "quality": {
        "score": null,
        "label": "unrated",
        "checks": [
          {
            "id": "description_present",
            "status": "pass",
            "weight": 5,
            "detail": "The server describes itself."
          },
          {
            "id": "remote_reachable",
            "status": "na",
            "weight": 15,
            "detail": "The server has no probed remote."
          },
          {
            "id": "protocol_current",
            "status": "na",
            "weight": 10,
            "detail": "The protocol version is not known (the handshake did not complete)."
          },
          {
            "id": "tools_listed",
            "status": "na",
            "weight": 10,
            "detail": "No remote was probed and no tools are known."
          },
          {
            "id": "tool_descriptions",
            "status": "na",
            "weight": 10,
            "detail": "No tools to assess."
          },
          {
            "id": "tool_input_schemas",
            "status": "na",
            "weight": 10,
            "detail": "No tools to assess."
          },
          {
            "id": "tool_names",
            "status": "na",
            "weight": 5,
            "detail": "No tools to assess."
          },
          {
            "id": "tool_annotations",
            "status": "na",
            "weight": 5,
            "detail": "No tools to assess."
          },
          {
            "id": "auth_metadata",
            "status": "na",
            "weight": 5,
            "detail": "The server has no probed remote."
          },
          {
            "id": "https",
            "status": "na",
            "weight": 5,
            "detail": "The server has no probed remote."
          },
          {
            "id": "latency",
            "status": "na",
            "weight": 5,
            "detail": "No handshake was completed."
          },
          {
            "id": "stability",
            "status": "na",
            "weight": 10,
            "detail": "Stability comes from 30 days of scheduled probes; an on-demand check has none."
          },
          {
            "id": "no_known_advisories",
            "status": "na",
            "weight": 5,
            "detail": "No dependency report (advisories come from the server's npm and PyPI packages)."
          }
        ],
        "assessed_at": "2026-11-26T22:32:04.879Z"
      },
      "owner": {
        "verified": true,
        "method": "remote_host",
        "evidence": {
          "host": "getdialer.app",
          "domain": "getdialer.app",
          "remote": "https://getdialer.app/mcp",
          "namespace": "app.getdialer"
        },
        "verified_at": "2026-11-26T22:32:04.879Z"
      },
      "blocked": false,
      "tool_count": 0,
      "tool_tokens": null,
      "tools": [],
      "next_actions": [
        {
          "action": "get_connection",
          "arguments": {
            "name": "app.getdialer/dialer",
            "target": "mcpServers"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/app.getdialer%2Fdialer/connection?target=mcpServers"
          }
        },
        {
          "action": "check_server",
          "arguments": {
            "url": "https://getdialer.app/mcp"
          },
          "request": {
            "method": "POST",
            "path": "/v1/check",
            "body": {
              "url": "https://getdialer.app/mcp"
            }
          }
        }
      ]
    },
    "400": {
      "error": "bad_request",
      "issues": {
        "fieldErrors": {
          "schemas": [
            "schemas must be true or false"
          ]
        }
      },
      "next_actions": [
        {
          "action": "get_server",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather"
          }
        }
      ]
    },
    "404": {
      "error": "server_not_found",
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "nobody nothing"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=nobody+nothing"
          }
        }
      ]
    },
    "503": {
      "error": "service_unavailable",
      "retry_after": 5,
      "request_id": "327cfb5e-8b2d-4e97-ad22-a24044eba4e9",
      "next_actions": []
    }
  },
  "getConnection": {
    "200": {
      "server": "app.getdialer/dialer",
      "key": "dialer",
      "install_name": null,
      "kind": "remote",
      "class": "unknown",
      "autonomous": false,
      "human_steps": [],
      "target": "mcpServers",
      "content_type": "application/json",
      "connection": {
        "mcpServers": {
          "dialer": {
            "type": "http",
            "url": "https://getdialer.app/mcp"
          }
        }
      },
      "source": {
        "kind": "remote",
        "transport": "streamable-http",
        "url": "https://getdialer.app/mcp"
      },
      "secrets": [],
      "auth_type": null,
      "oauth": null,
      "next_actions": [
        {
          "action": "check_server",
          "arguments": {
            "url": "https://getdialer.app/mcp"
          },
          "request": {
            "method": "POST",
            "path": "/v1/check",
            "body": {
              "url": "https://getdialer.app/mcp"
            }
          }
        },
        {
          "action": "get_server",
          "arguments": {
            "name": "app.getdialer/dialer"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/app.getdialer%2Fdialer"
          }
        }
      ]
    },
    "400": {
      "error": "bad_request",
      "issues": {
        "fieldErrors": {
          "target": [
            "target must be one of: mcpServers, vscode, cursor, claude-code-cli, codex-toml, gemini, goose, antigravity"
          ]
        }
      },
      "next_actions": [
        {
          "action": "get_connection",
          "arguments": {
            "name": "io.github.catalog-sdk/weather",
            "target": "mcpServers"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/connection?target=mcpServers"
          }
        }
      ]
    }
  },
  "getQuality": {
    "200": {
      "server": "app.getdialer/dialer",
      "score": null,
      "label": "unrated",
      "checks": [
        {
          "id": "description_present",
          "status": "pass",
          "weight": 5,
          "detail": "The server describes itself."
        },
        {
          "id": "remote_reachable",
          "status": "na",
          "weight": 15,
          "detail": "The server has no probed remote."
        },
        {
          "id": "protocol_current",
          "status": "na",
          "weight": 10,
          "detail": "The protocol version is not known (the handshake did not complete)."
        },
        {
          "id": "tools_listed",
          "status": "na",
          "weight": 10,
          "detail": "No remote was probed and no tools are known."
        },
        {
          "id": "tool_descriptions",
          "status": "na",
          "weight": 10,
          "detail": "No tools to assess."
        },
        {
          "id": "tool_input_schemas",
          "status": "na",
          "weight": 10,
          "detail": "No tools to assess."
        },
        {
          "id": "tool_names",
          "status": "na",
          "weight": 5,
          "detail": "No tools to assess."
        },
        {
          "id": "tool_annotations",
          "status": "na",
          "weight": 5,
          "detail": "No tools to assess."
        },
        {
          "id": "auth_metadata",
          "status": "na",
          "weight": 5,
          "detail": "The server has no probed remote."
        },
        {
          "id": "https",
          "status": "na",
          "weight": 5,
          "detail": "The server has no probed remote."
        },
        {
          "id": "latency",
          "status": "na",
          "weight": 5,
          "detail": "No handshake was completed."
        },
        {
          "id": "stability",
          "status": "na",
          "weight": 10,
          "detail": "Stability comes from 30 days of scheduled probes; an on-demand check has none."
        },
        {
          "id": "no_known_advisories",
          "status": "na",
          "weight": 5,
          "detail": "No dependency report (advisories come from the server's npm and PyPI packages)."
        }
      ],
      "assessed_at": "2026-11-26T22:32:04.879Z",
      "days": 90,
      "history": [],
      "blocked": false,
      "owner": {
        "verified": true,
        "method": "remote_host",
        "evidence": {
          "host": "getdialer.app",
          "domain": "getdialer.app",
          "remote": "https://getdialer.app/mcp",
          "namespace": "app.getdialer"
        },
        "verified_at": "2026-11-26T22:32:04.879Z"
      },
      "next_actions": [
        {
          "action": "check_server",
          "arguments": {
            "url": "https://getdialer.app/mcp"
          },
          "request": {
            "method": "POST",
            "path": "/v1/check",
            "body": {
              "url": "https://getdialer.app/mcp"
            }
          }
        }
      ]
    }
  },
  "getDependencies": {
    "200": {
      "server": "app.getdialer/dialer",
      "packages": [],
      "next_actions": [
        {
          "action": "get_server",
          "arguments": {
            "name": "app.getdialer/dialer"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/app.getdialer%2Fdialer"
          }
        }
      ]
    }
  },
  "registryServerVersions": {
    "200": {
      "servers": [
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "app.getdialer/dialer",
            "description": "An MCP server that provides your you make outbound phone calls using your own phone number",
            "repository": {},
            "version": "1.0.0",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://getdialer.app/mcp"
              },
              {
                "type": "sse",
                "url": "https://getdialer.app/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-08T23:47:09.452138Z",
              "updatedAt": "2025-09-09T00:16:49.16262Z",
              "isLatest": false
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 65,
              "flags": [
                "namespace_domain",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "app.getdialer/dialer",
            "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
            "repository": {},
            "version": "1.0.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://getdialer.app/mcp"
              },
              {
                "type": "sse",
                "url": "https://getdialer.app/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T00:16:49.107843Z",
              "updatedAt": "2025-09-09T00:16:49.107843Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 65,
              "flags": [
                "namespace_domain",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        }
      ],
      "metadata": {
        "count": 2
      }
    }
  },
  "registryServerVersion": {
    "200": {
      "server": {
        "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
        "name": "app.getdialer/dialer",
        "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
        "repository": {},
        "version": "1.0.1",
        "remotes": [
          {
            "type": "streamable-http",
            "url": "https://getdialer.app/mcp"
          },
          {
            "type": "sse",
            "url": "https://getdialer.app/sse"
          }
        ]
      },
      "_meta": {
        "io.modelcontextprotocol.registry/official": {
          "status": "active",
          "publishedAt": "2025-09-09T00:16:49.107843Z",
          "updatedAt": "2025-09-09T00:16:49.107843Z",
          "isLatest": true
        },
        "dev.service/connectability": {
          "class": "unknown",
          "autonomous": false,
          "human_steps": []
        },
        "dev.service/trust": {
          "score": 65,
          "flags": [
            "namespace_domain",
            "remote_host_matches_namespace",
            "owner_verified"
          ]
        },
        "dev.service/identity": {
          "method": "remote_host",
          "evidence": {
            "host": "getdialer.app",
            "domain": "getdialer.app",
            "remote": "https://getdialer.app/mcp",
            "namespace": "app.getdialer"
          },
          "verified": true,
          "verified_at": "2026-11-26T22:32:04.879Z"
        },
        "dev.service/categories": [
          "other"
        ],
        "dev.service/quality": {
          "score": null,
          "label": "unrated"
        },
        "dev.service/tools": []
      }
    },
    "404": {
      "title": "Not Found",
      "status": 404,
      "detail": "Server not found"
    }
  },
  "viewServerVersions": {
    "200": {
      "servers": [
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "app.getdialer/dialer",
            "description": "An MCP server that provides your you make outbound phone calls using your own phone number",
            "repository": {},
            "version": "1.0.0",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://getdialer.app/mcp"
              },
              {
                "type": "sse",
                "url": "https://getdialer.app/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-08T23:47:09.452138Z",
              "updatedAt": "2025-09-09T00:16:49.16262Z",
              "isLatest": false
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 65,
              "flags": [
                "namespace_domain",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "app.getdialer/dialer",
            "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
            "repository": {},
            "version": "1.0.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://getdialer.app/mcp"
              },
              {
                "type": "sse",
                "url": "https://getdialer.app/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T00:16:49.107843Z",
              "updatedAt": "2025-09-09T00:16:49.107843Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 65,
              "flags": [
                "namespace_domain",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        }
      ],
      "metadata": {
        "count": 2
      }
    }
  },
  "viewServerVersion": {
    "200": {
      "server": {
        "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
        "name": "app.getdialer/dialer",
        "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
        "repository": {},
        "version": "1.0.1",
        "remotes": [
          {
            "type": "streamable-http",
            "url": "https://getdialer.app/mcp"
          },
          {
            "type": "sse",
            "url": "https://getdialer.app/sse"
          }
        ]
      },
      "_meta": {
        "io.modelcontextprotocol.registry/official": {
          "status": "active",
          "publishedAt": "2025-09-09T00:16:49.107843Z",
          "updatedAt": "2025-09-09T00:16:49.107843Z",
          "isLatest": true
        },
        "dev.service/connectability": {
          "class": "unknown",
          "autonomous": false,
          "human_steps": []
        },
        "dev.service/trust": {
          "score": 65,
          "flags": [
            "namespace_domain",
            "remote_host_matches_namespace",
            "owner_verified"
          ]
        },
        "dev.service/identity": {
          "method": "remote_host",
          "evidence": {
            "host": "getdialer.app",
            "domain": "getdialer.app",
            "remote": "https://getdialer.app/mcp",
            "namespace": "app.getdialer"
          },
          "verified": true,
          "verified_at": "2026-11-26T22:32:04.879Z"
        },
        "dev.service/categories": [
          "other"
        ],
        "dev.service/quality": {
          "score": null,
          "label": "unrated"
        },
        "dev.service/tools": []
      }
    },
    "404": {
      "title": "Not Found",
      "status": 404,
      "detail": "Server not found"
    }
  },
  "serviceIndex": {
    "200": {
      "name": "MCP Server Catalog",
      "docs": "http://127.0.0.1:33401/docs",
      "openapi": "http://127.0.0.1:33401/openapi.json",
      "mcp": "http://127.0.0.1:33401/mcp",
      "registry": "http://127.0.0.1:33401/v0.1/servers",
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "send a message to a team channel"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=send+a+message+to+a+team+channel"
          }
        }
      ]
    }
  },
  "health": {
    "200": {
      "ok": true,
      "search": "keyword",
      "mcp": "/mcp",
      "dependencies": {
        "postgres": true,
        "redis": true
      },
      "integrations": {
        "registry_mirror": "on",
        "dependencies": "on",
        "scheduled_probes": "on"
      },
      "redis_data_lost_at": null,
      "reconciled_at": null
    }
  },
  "searchServers": {
    "200": {
      "mode": "keyword",
      "detail": "full",
      "results": [
        {
          "name": "io.github.catalog-sdk/weather",
          "title": null,
          "description": "Test server io.github.catalog-sdk/weather.",
          "connection_class": "R0",
          "autonomous": true,
          "human_steps": [],
          "categories": [
            "developer-tools",
            "location-maps"
          ],
          "trust_score": 40,
          "trust_flags": [
            "namespace_github",
            "remote_reachable",
            "new_listing"
          ],
          "quality_score": 94,
          "quality_label": "excellent",
          "tool_count": 3,
          "tool_tokens": 124,
          "score": 0.5848,
          "match": "strong",
          "matched_tools": [
            {
              "name": "get_forecast",
              "description": "Returns the weather forecast for a city for the next days."
            },
            {
              "name": "list_cities",
              "description": "Lists the cities that have forecasts."
            },
            {
              "name": "delete_alert",
              "description": "Deletes a weather alert subscription by its id."
            }
          ]
        }
      ],
      "next_actions": [
        {
          "action": "get_server",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather"
          }
        },
        {
          "action": "get_connection",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/connection"
          }
        },
        {
          "action": "list_tools",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/tools"
          }
        }
      ]
    },
    "400": {
      "error": "bad_request",
      "issues": {
        "fieldErrors": {
          "limit": [
            "limit must be a whole number from 1 to 50"
          ]
        }
      },
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "send a message"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=send+a+message"
          }
        }
      ]
    }
  },
  "listCategories": {
    "200": {
      "categories": [
        {
          "id": "ai-ml",
          "title": "AI and machine learning",
          "description": "Models, inference, embeddings, agents and ML tooling."
        },
        {
          "id": "browser-automation",
          "title": "Browser automation",
          "description": "Drive a web browser: navigate, click, fill forms, scrape pages."
        },
        {
          "id": "cloud-infrastructure",
          "title": "Cloud infrastructure",
          "description": "Cloud providers, compute, storage, networking and infrastructure as code."
        },
        {
          "id": "communication",
          "title": "Communication",
          "description": "Messaging, chat, email, team channels, calls and notifications."
        },
        {
          "id": "crm-sales",
          "title": "CRM and sales",
          "description": "Customer records, leads, deals and sales pipelines."
        },
        {
          "id": "data-analytics",
          "title": "Data and analytics",
          "description": "Analytics, metrics, spreadsheets, BI dashboards and data pipelines."
        },
        {
          "id": "databases",
          "title": "Databases",
          "description": "Query and manage SQL, NoSQL, vector and graph databases."
        },
        {
          "id": "design-media",
          "title": "Design and media",
          "description": "Images, video, audio, design tools and creative assets."
        },
        {
          "id": "developer-tools",
          "title": "Developer tools",
          "description": "Code, repositories, issues, builds, package registries and APIs for developers."
        },
        {
          "id": "devops-monitoring",
          "title": "DevOps and monitoring",
          "description": "Deployments, CI/CD, logs, metrics, alerts and incident response."
        },
        {
          "id": "documents-knowledge",
          "title": "Documents and knowledge",
          "description": "Notes, wikis, documents, PDFs and knowledge bases."
        },
        {
          "id": "ecommerce-payments",
          "title": "E-commerce and payments",
          "description": "Stores, products, orders, checkout and payment processing."
        },
        {
          "id": "education",
          "title": "Education",
          "description": "Learning, courses, tutoring, research papers and academic content."
        },
        {
          "id": "filesystem",
          "title": "Files and storage",
          "description": "Read, write and search local or remote files and folders."
        },
        {
          "id": "finance",
          "title": "Finance",
          "description": "Markets, stocks, crypto, accounting, banking and invoices."
        },
        {
          "id": "health",
          "title": "Health",
          "description": "Medical information, fitness, nutrition and healthcare data."
        },
        {
          "id": "location-maps",
          "title": "Location and maps",
          "description": "Maps, geocoding, directions, places, weather and travel."
        },
        {
          "id": "marketing-social",
          "title": "Marketing and social",
          "description": "Social media, campaigns, SEO, advertising and audience analytics."
        },
        {
          "id": "productivity",
          "title": "Productivity",
          "description": "Tasks, calendars, project management and workflow automation."
        },
        {
          "id": "search-web",
          "title": "Search and web",
          "description": "Web search, fetching pages, news and information retrieval."
        },
        {
          "id": "security",
          "title": "Security",
          "description": "Vulnerabilities, secrets, identity, compliance and threat intelligence."
        },
        {
          "id": "other",
          "title": "Other",
          "description": "Servers that fit none of the other categories."
        }
      ],
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "AI and machine learning",
            "category": "ai-ml"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=AI+and+machine+learning&category=ai-ml"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Browser automation",
            "category": "browser-automation"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Browser+automation&category=browser-automation"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Cloud infrastructure",
            "category": "cloud-infrastructure"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Cloud+infrastructure&category=cloud-infrastructure"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Communication",
            "category": "communication"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Communication&category=communication"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "CRM and sales",
            "category": "crm-sales"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=CRM+and+sales&category=crm-sales"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Data and analytics",
            "category": "data-analytics"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Data+and+analytics&category=data-analytics"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Databases",
            "category": "databases"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Databases&category=databases"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Design and media",
            "category": "design-media"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Design+and+media&category=design-media"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Developer tools",
            "category": "developer-tools"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Developer+tools&category=developer-tools"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "DevOps and monitoring",
            "category": "devops-monitoring"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=DevOps+and+monitoring&category=devops-monitoring"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Documents and knowledge",
            "category": "documents-knowledge"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Documents+and+knowledge&category=documents-knowledge"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "E-commerce and payments",
            "category": "ecommerce-payments"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=E-commerce+and+payments&category=ecommerce-payments"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Education",
            "category": "education"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Education&category=education"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Files and storage",
            "category": "filesystem"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Files+and+storage&category=filesystem"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Finance",
            "category": "finance"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Finance&category=finance"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Health",
            "category": "health"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Health&category=health"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Location and maps",
            "category": "location-maps"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Location+and+maps&category=location-maps"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Marketing and social",
            "category": "marketing-social"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Marketing+and+social&category=marketing-social"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Productivity",
            "category": "productivity"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Productivity&category=productivity"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Search and web",
            "category": "search-web"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Search+and+web&category=search-web"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Security",
            "category": "security"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Security&category=security"
          }
        },
        {
          "action": "search",
          "arguments": {
            "q": "Other",
            "category": "other"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=Other&category=other"
          }
        }
      ]
    }
  },
  "listViews": {
    "200": {
      "views": [
        {
          "name": "verified",
          "title": "Verified owners",
          "description": "Servers whose owner's namespace was verified (a DNS record, a well-known file or the GitHub account).",
          "rules": {
            "owner_verified": true
          },
          "builtin": true,
          "servers": 31
        },
        {
          "name": "reachable",
          "title": "Reachable this week",
          "description": "Servers with a remote that answered a probe within the last 7 days.",
          "rules": {
            "reachable_within_days": 7
          },
          "builtin": true,
          "servers": 1
        },
        {
          "name": "no-critical-advisories",
          "title": "No critical advisories",
          "description": "Servers with no known critical advisory in their packages' dependencies.",
          "rules": {
            "no_advisory_at_or_above": "critical"
          },
          "builtin": true,
          "servers": 35
        }
      ],
      "next_actions": []
    }
  },
  "exportView": {
    "200": {
      "view": "verified",
      "client": "claude-code",
      "paths": {
        "linux": "/etc/claude-code/managed-settings.json",
        "macos": "/Library/Application Support/ClaudeCode/managed-settings.json",
        "windows": "C:\\Program Files\\ClaudeCode\\managed-settings.json"
      },
      "file": {
        "allowedMcpServers": [
          {
            "serverUrl": "https://waystation.ai/airtable/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/airtable/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/miro/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/miro/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/monday/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/monday/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/office/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/office/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/slack/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/slack/mcp/sse"
          },
          {
            "serverUrl": "https://waystation.ai/wrike/mcp"
          },
          {
            "serverUrl": "https://waystation.ai/wrike/mcp/sse"
          },
          {
            "serverUrl": "https://getdialer.app/mcp"
          },
          {
            "serverUrl": "https://getdialer.app/sse"
          },
          {
            "serverUrl": "https://registry-mcp.remote-mcp.com"
          },
          {
            "serverUrl": "https://registry-mcp.remote-mcp.com/sse"
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "hal-mcp@1.0.14"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "@flightradar24/fr24api-mcp@1.0.1"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "atest-mcp-server-launcher@1.0.2"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "@agent-infra/mcp-server-browser@latest"
            ]
          },
          {
            "serverUrl": "http://127.0.0.1:8089/sse"
          },
          {
            "serverUrl": "http://127.0.0.1:8089/mcp"
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "@agent-infra/mcp-server-commands@latest"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "@agent-infra/mcp-server-search@latest"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "mcp-sap-docs@0.3.9"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "lighthouse-mcp@0.1.9"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "meta-api-mcp-server@1.0.4"
            ]
          },
          {
            "serverCommand": [
              "uvx",
              "sec-edgar-mcp==1.0.5"
            ]
          },
          {
            "serverCommand": [
              "uvx",
              "google-analytics-mcp==1.2.0"
            ]
          },
          {
            "serverCommand": [
              "npx",
              "-y",
              "mcp-server-fear-greed@latest"
            ]
          },
          {
            "serverCommand": [
              "uvx",
              "nanobanana-mcp-server==1.0.0"
            ]
          },
          {
            "serverUrl": "https://install.md/mcp/try"
          }
        ],
        "allowManagedMcpServersOnly": true
      },
      "omitted": [
        {
          "name": "io.github.tuannvm/mcp-trino",
          "reason": "It ships only as an MCPB bundle, which Claude Code does not run."
        }
      ],
      "notes": [
        "Merge these keys into the managed settings file; Claude Code reads it at start and refuses `claude mcp add` of any other server.",
        "A remote is admitted by its URL, a local server by its exact command and arguments as this catalog's configs write them: a changed version pin or an added argument is refused.",
        "deniedMcpServers, when present, names the servers the view excludes for a risk flag; a deny entry wins over every allow entry."
      ],
      "servers": 25,
      "next_actions": []
    },
    "404": {
      "error": "view_not_found",
      "view": "nope",
      "next_actions": []
    }
  },
  "listServerTools": {
    "200": {
      "server": "io.github.catalog-sdk/weather",
      "count": 2,
      "tools": [
        {
          "name": "delete_alert",
          "title": "Delete alert",
          "description": "Deletes a weather alert subscription by its id.",
          "input_schema": {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "string"
              }
            }
          },
          "output_schema": null,
          "annotations": {
            "title": "Delete alert",
            "readOnlyHint": false,
            "idempotentHint": true,
            "destructiveHint": true
          },
          "source": "check",
          "observed_at": "2026-11-26T22:32:09.429Z",
          "tokens": 38
        },
        {
          "name": "get_forecast",
          "title": "Get forecast",
          "description": "Returns the weather forecast for a city for the next days.",
          "input_schema": {
            "type": "object",
            "required": [
              "city"
            ],
            "properties": {
              "city": {
                "type": "string",
                "description": "City name"
              },
              "days": {
                "type": "integer"
              }
            }
          },
          "output_schema": null,
          "annotations": {
            "title": "Get forecast",
            "readOnlyHint": true,
            "openWorldHint": true
          },
          "source": "check",
          "observed_at": "2026-11-26T22:32:09.429Z",
          "tokens": 54
        }
      ],
      "next_cursor": "WyJnZXRfZm9yZWNhc3QiXQ",
      "next_actions": [
        {
          "action": "list_tools",
          "arguments": {
            "name": "io.github.catalog-sdk/weather",
            "cursor": "WyJnZXRfZm9yZWNhc3QiXQ"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/tools?cursor=WyJnZXRfZm9yZWNhc3QiXQ"
          }
        }
      ]
    }
  },
  "getToolHistory": {
    "200": {
      "server": "io.github.catalog-sdk/weather",
      "count": 0,
      "entries": [],
      "next_before": null,
      "next_actions": [
        {
          "action": "list_tools",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/tools"
          }
        }
      ]
    }
  },
  "checkServer": {
    "200": {
      "id": "JLpa6cOd-zYMEIgmvfBGqA",
      "url": "http://127.0.0.1:36185/mcp",
      "status": "done",
      "server": "io.github.catalog-sdk/weather",
      "page": "http://127.0.0.1:33401/check/JLpa6cOd-zYMEIgmvfBGqA",
      "created_at": "2026-11-26T22:32:08.799Z",
      "finished_at": "2026-11-26T22:32:10.505Z",
      "result": {
        "probe": {
          "url": "http://127.0.0.1:36185/mcp",
          "final_url": "http://127.0.0.1:36185/mcp",
          "outcome": "ok",
          "detail": "Answered MCP 2026-07-28 over streamable-http with 3 tool(s).",
          "transport": "streamable-http",
          "protocol": {
            "era": "modern",
            "version": "2026-07-28",
            "supported_versions": [
              "2026-07-28"
            ]
          },
          "server_info": {
            "name": "modern-weather",
            "version": "2.0.0",
            "title": null,
            "description": "Weather forecasts for cities."
          },
          "auth": {
            "required": false,
            "resource_metadata_url": null,
            "resource": null,
            "authorization_servers": [],
            "scopes_supported": [],
            "pkce_s256": false,
            "client_id_metadata_document_supported": false,
            "registration_endpoint": null,
            "authorization_endpoint": null,
            "token_endpoint": null,
            "resource_metadata_source": null,
            "authorization_server_metadata_url": null,
            "issuer": null,
            "challenge_scope": null,
            "problems": []
          },
          "tools": [
            {
              "name": "get_forecast",
              "title": "Get forecast",
              "description": "Returns the weather forecast for a city for the next days.",
              "annotations": {
                "title": "Get forecast",
                "readOnlyHint": true,
                "openWorldHint": true
              }
            },
            {
              "name": "list_cities",
              "title": "List cities",
              "description": "Lists the cities that have forecasts.",
              "annotations": {
                "title": "List cities",
                "readOnlyHint": true,
                "openWorldHint": false
              }
            },
            {
              "name": "delete_alert",
              "title": "Delete alert",
              "description": "Deletes a weather alert subscription by its id.",
              "annotations": {
                "title": "Delete alert",
                "readOnlyHint": false,
                "idempotentHint": true,
                "destructiveHint": true
              }
            }
          ],
          "tool_count": 3,
          "tool_pages": 2,
          "tools_error": null,
          "redirects": [],
          "http_status": 200,
          "timings": {
            "total_ms": 668,
            "handshake_ms": 394,
            "tools_ms": 155
          },
          "started_at": "2026-11-26T22:32:08.879Z",
          "finished_at": "2026-11-26T22:32:09.429Z",
          "cloaking": null,
          "server_card": {
            "status": "absent",
            "location": null,
            "url": null,
            "bytes": null,
            "name": null,
            "remotes": null,
            "embeds": [],
            "card": null,
            "attempts": [
              {
                "location": "server-card",
                "url": "http://127.0.0.1:36185/mcp/server-card",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-json",
                "url": "http://127.0.0.1:36185/.well-known/mcp.json",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-server-card-json",
                "url": "http://127.0.0.1:36185/.well-known/mcp/server-card.json",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-server-card",
                "url": "http://127.0.0.1:36185/.well-known/mcp-server-card",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              }
            ]
          },
          "access": "open",
          "capabilities": {
            "tools": {}
          },
          "tools_cache": {
            "ttl_ms": 0,
            "cache_scope": "private"
          },
          "tools_reused_until": null
        },
        "quality": {
          "score": 94,
          "label": "excellent",
          "checks": [
            {
              "id": "description_present",
              "status": "pass",
              "weight": 5,
              "detail": "The server describes itself."
            },
            {
              "id": "remote_reachable",
              "status": "pass",
              "weight": 15,
              "detail": "The remote answered MCP (ok)."
            },
            {
              "id": "protocol_current",
              "status": "pass",
              "weight": 10,
              "detail": "Offers 2026-07-28."
            },
            {
              "id": "tools_listed",
              "status": "pass",
              "weight": 10,
              "detail": "Lists 3 tool(s)."
            },
            {
              "id": "tool_descriptions",
              "status": "pass",
              "weight": 10,
              "detail": "Every tool has a description."
            },
            {
              "id": "tool_input_schemas",
              "status": "pass",
              "weight": 10,
              "detail": "Every input schema is a valid JSON Schema object."
            },
            {
              "id": "tool_names",
              "status": "pass",
              "weight": 5,
              "detail": "Every tool name has 1..64 allowed characters and is unique."
            },
            {
              "id": "tool_annotations",
              "status": "pass",
              "weight": 5,
              "detail": "Every tool has a title and a read-only or destructive hint."
            },
            {
              "id": "auth_metadata",
              "status": "na",
              "weight": 5,
              "detail": "The remote does not require authorization."
            },
            {
              "id": "https",
              "status": "fail",
              "weight": 5,
              "detail": "Not https: http://127.0.0.1:36185/mcp."
            },
            {
              "id": "latency",
              "status": "pass",
              "weight": 5,
              "detail": "The handshake took 394 ms."
            },
            {
              "id": "stability",
              "status": "na",
              "weight": 10,
              "detail": "Stability comes from 30 days of scheduled probes; an on-demand check has none."
            },
            {
              "id": "no_known_advisories",
              "status": "na",
              "weight": 5,
              "detail": "No dependency report (advisories come from the server's npm and PyPI packages)."
            }
          ],
          "assessed_at": "2026-11-26T22:32:09.598Z"
        },
        "readiness": [
          {
            "directory": "claude",
            "title": "Anthropic Connectors Directory (Claude)",
            "counts": {
              "pass": 8,
              "fail": 2,
              "warn": 0,
              "manual": 9,
              "na": 2
            },
            "requirements": [
              {
                "id": "remote_streamable_https",
                "title": "Remote server over HTTPS with Streamable HTTP",
                "status": "fail",
                "detail": "The server is not served over HTTPS.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "supported_auth_type",
                "title": "Authless, or OAuth with dynamic or metadata-document client registration",
                "status": "pass",
                "detail": "Authless: no credential is needed.",
                "source": "https://claude.com/docs/connectors/building/authentication"
              },
              {
                "id": "oauth_callback_allowlisted",
                "title": "OAuth redirect URI https://claude.ai/api/mcp/auth_callback is accepted",
                "status": "na",
                "detail": "The server needs no OAuth.",
                "source": "https://claude.com/docs/connectors/building/authentication"
              },
              {
                "id": "trusted_tls_certificate",
                "title": "TLS certificate from a recognized authority",
                "status": "fail",
                "detail": "The server is not served over HTTPS.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "tool_annotations",
                "title": "Every tool has a title and readOnlyHint or destructiveHint",
                "status": "pass",
                "detail": "Every tool is annotated.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "tool_name_length",
                "title": "Tool names of at most 64 characters",
                "status": "pass",
                "detail": "Every name has at most 64 characters.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "read_write_separation",
                "title": "No single tool both reads and writes (for example a generic HTTP method parameter)",
                "status": "pass",
                "detail": "No tool mixes read and write methods.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "freeform_tools_documented",
                "title": "Free-form query tools name or link the API they call",
                "status": "pass",
                "detail": "Free-form tools name their API, or there are none.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "no_prompt_injection",
                "title": "Descriptions do not instruct the model, promote, or hide text",
                "status": "pass",
                "detail": "No instruction-like patterns or hidden characters found.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "tool_descriptions",
                "title": "Every tool has a narrow, unambiguous description",
                "status": "pass",
                "detail": "Every tool is described; reviewers still check that descriptions match behaviour.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "result_size_limits",
                "title": "Tool results within 150,000 characters (25,000 tokens in Claude Code), answers within 300 s",
                "status": "manual",
                "detail": "Tool results are only seen by calling tools, which the prober does not do.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "responsive",
                "title": "Responds within a second for standard operations; aims for 99% uptime",
                "status": "pass",
                "detail": "Handshake in 394 ms.",
                "source": "https://support.anthropic.com/en/articles/11596040-best-practices-for-building-mcp-servers"
              },
              {
                "id": "client_identity_not_gated",
                "title": "Does not gate on clientInfo.name (claude-ai, claude-code)",
                "status": "manual",
                "detail": "Confirm the server answers every client name alike.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "privacy_policy",
                "title": "Published privacy policy",
                "status": "manual",
                "detail": "Provide a public privacy policy URL.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "documentation",
                "title": "Setup and usage documentation with at least three example prompts",
                "status": "manual",
                "detail": "Provide a public documentation URL and example prompts.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "support_and_security_contact",
                "title": "Support channel and a security vulnerability process",
                "status": "manual",
                "detail": "Provide a support contact and how vulnerabilities are reported and fixed.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "test_account",
                "title": "Fully populated test account without 2FA, valid 30 days",
                "status": "manual",
                "detail": "Provide reviewer credentials.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "branding",
                "title": "Name, tagline, 50-100 word description, square SVG logo, favicon",
                "status": "manual",
                "detail": "Prepare the listing assets.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "production_ready",
                "title": "Generally available, not beta or staging",
                "status": "manual",
                "detail": "Submit only a production endpoint.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "usage_policy",
                "title": "Complies with the software directory policy (data minimisation, no memory or chat extraction)",
                "status": "manual",
                "detail": "A reviewer runs a policy compliance scan.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "mcp_apps_ui",
                "title": "MCP Apps: inline height, accessibility, screenshots",
                "status": "na",
                "detail": "No tool declares an MCP App UI.",
                "source": "https://claude.com/docs/connectors/building/submission"
              }
            ]
          },
          {
            "directory": "chatgpt",
            "title": "OpenAI Apps Directory (ChatGPT)",
            "counts": {
              "pass": 6,
              "fail": 1,
              "warn": 1,
              "manual": 13,
              "na": 2
            },
            "requirements": [
              {
                "id": "organization_verified",
                "title": "Organization identity verified for the publishing name",
                "status": "manual",
                "detail": "Verify the individual or business in the platform dashboard.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "submitter_role",
                "title": "Submitter has the Owner role (or api.apps.write)",
                "status": "manual",
                "detail": "Check the submitter's role.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "public_availability",
                "title": "Intended to be public in the selected countries",
                "status": "manual",
                "detail": "Private use belongs in Developer Mode.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "public_https_endpoint",
                "title": "MCP server on a public HTTPS domain, not a local or tunnel endpoint",
                "status": "fail",
                "detail": "127.0.0.1 is not a public domain.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "widget_csp",
                "title": "Widget resources declare a CSP (connect, resource and frame domains)",
                "status": "na",
                "detail": "No tool declares a widget.",
                "source": "https://developers.openai.com/apps-sdk/reference#annotations"
              },
              {
                "id": "tool_names",
                "title": "Unique, human-readable tool names without promotional words",
                "status": "pass",
                "detail": "Names are unique and plain.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "tool_descriptions",
                "title": "Descriptions match behaviour and do not favour the app over others",
                "status": "pass",
                "detail": "Every tool is described plainly.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "tool_annotations",
                "title": "Correct readOnlyHint, destructiveHint and openWorldHint on every tool",
                "status": "warn",
                "detail": "No openWorldHint: delete_alert.",
                "source": "https://developers.openai.com/apps-sdk/reference#annotations"
              },
              {
                "id": "minimal_inputs",
                "title": "No inputs asking for conversation history or precise location",
                "status": "pass",
                "detail": "No such parameters.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "response_minimization",
                "title": "Results carry no telemetry or internal identifiers",
                "status": "manual",
                "detail": "Results are only seen by calling tools; no output schema shows internal identifiers.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "restricted_data",
                "title": "Does not collect payment cards, health data, government IDs or credentials",
                "status": "pass",
                "detail": "No parameters ask for restricted data.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "oauth",
                "title": "OAuth 2.1 with PKCE S256, discoverable metadata, dynamic or CIMD registration",
                "status": "na",
                "detail": "The server needs no authorization.",
                "source": "https://developers.openai.com/apps-sdk/build/auth"
              },
              {
                "id": "domain_verification",
                "title": "Domain verified at /.well-known/openai-apps-challenge",
                "status": "manual",
                "detail": "The challenge token is issued at submission.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "reliability",
                "title": "Predictable, low latency, no crashes or hangs",
                "status": "pass",
                "detail": "Handshake in 394 ms.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "side_effects_explicit",
                "title": "Write actions are marked as such and say whether they are safe to retry",
                "status": "pass",
                "detail": "Write actions are explicit.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "privacy_policy",
                "title": "Published privacy policy (data, purposes, recipients, retention, controls)",
                "status": "manual",
                "detail": "Provide the privacy policy URL.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "support_contact",
                "title": "Accurate customer support contact",
                "status": "manual",
                "detail": "Provide support details.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "test_credentials",
                "title": "Demo account with sample data, no extra sign-up or 2FA",
                "status": "manual",
                "detail": "Provide reviewer credentials.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "listing_metadata",
                "title": "Clear name, description, accurate screenshots and icons",
                "status": "manual",
                "detail": "Prepare the listing.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "audience",
                "title": "Suitable for ages 13-17, not aimed at children",
                "status": "manual",
                "detail": "Confirm the audience.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "commerce",
                "title": "Physical goods only, external checkout, no ads",
                "status": "manual",
                "detail": "Confirm what the app sells, if anything.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "fair_play",
                "title": "No manipulation of app selection, no unofficial connectors, owned IP only",
                "status": "manual",
                "detail": "A reviewer checks fair-play rules.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "privacy_practices",
                "title": "No undisclosed tracking or profiling; no reconstructing chat history",
                "status": "manual",
                "detail": "A reviewer checks data practices.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              }
            ]
          }
        ],
        "tool_risk": {
          "flags": [],
          "findings": [],
          "trifecta": null
        },
        "server_card": {
          "status": "absent",
          "location": null,
          "url": null,
          "agrees": null,
          "name": null,
          "remotes_not_listed": [],
          "remotes_not_on_card": [],
          "embeds": []
        }
      },
      "next_actions": [
        {
          "action": "get_server",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather"
          }
        },
        {
          "action": "list_tools",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/tools"
          }
        }
      ]
    },
    "400": {
      "error": "invalid_url",
      "reason": "Only https URLs can be checked, not ftp.",
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "mcp server"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=mcp+server"
          }
        }
      ]
    }
  },
  "getCheck": {
    "200": {
      "id": "JLpa6cOd-zYMEIgmvfBGqA",
      "url": "http://127.0.0.1:36185/mcp",
      "status": "done",
      "server": "io.github.catalog-sdk/weather",
      "page": "http://127.0.0.1:33401/check/JLpa6cOd-zYMEIgmvfBGqA",
      "created_at": "2026-11-26T22:32:08.799Z",
      "finished_at": "2026-11-26T22:32:10.505Z",
      "result": {
        "probe": {
          "url": "http://127.0.0.1:36185/mcp",
          "final_url": "http://127.0.0.1:36185/mcp",
          "outcome": "ok",
          "detail": "Answered MCP 2026-07-28 over streamable-http with 3 tool(s).",
          "transport": "streamable-http",
          "protocol": {
            "era": "modern",
            "version": "2026-07-28",
            "supported_versions": [
              "2026-07-28"
            ]
          },
          "server_info": {
            "name": "modern-weather",
            "version": "2.0.0",
            "title": null,
            "description": "Weather forecasts for cities."
          },
          "auth": {
            "required": false,
            "resource_metadata_url": null,
            "resource": null,
            "authorization_servers": [],
            "scopes_supported": [],
            "pkce_s256": false,
            "client_id_metadata_document_supported": false,
            "registration_endpoint": null,
            "authorization_endpoint": null,
            "token_endpoint": null,
            "resource_metadata_source": null,
            "authorization_server_metadata_url": null,
            "issuer": null,
            "challenge_scope": null,
            "problems": []
          },
          "tools": [
            {
              "name": "get_forecast",
              "title": "Get forecast",
              "description": "Returns the weather forecast for a city for the next days.",
              "annotations": {
                "title": "Get forecast",
                "readOnlyHint": true,
                "openWorldHint": true
              }
            },
            {
              "name": "list_cities",
              "title": "List cities",
              "description": "Lists the cities that have forecasts.",
              "annotations": {
                "title": "List cities",
                "readOnlyHint": true,
                "openWorldHint": false
              }
            },
            {
              "name": "delete_alert",
              "title": "Delete alert",
              "description": "Deletes a weather alert subscription by its id.",
              "annotations": {
                "title": "Delete alert",
                "readOnlyHint": false,
                "idempotentHint": true,
                "destructiveHint": true
              }
            }
          ],
          "tool_count": 3,
          "tool_pages": 2,
          "tools_error": null,
          "redirects": [],
          "http_status": 200,
          "timings": {
            "total_ms": 668,
            "handshake_ms": 394,
            "tools_ms": 155
          },
          "started_at": "2026-11-26T22:32:08.879Z",
          "finished_at": "2026-11-26T22:32:09.429Z",
          "cloaking": null,
          "server_card": {
            "status": "absent",
            "location": null,
            "url": null,
            "bytes": null,
            "name": null,
            "remotes": null,
            "embeds": [],
            "card": null,
            "attempts": [
              {
                "location": "server-card",
                "url": "http://127.0.0.1:36185/mcp/server-card",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-json",
                "url": "http://127.0.0.1:36185/.well-known/mcp.json",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-server-card-json",
                "url": "http://127.0.0.1:36185/.well-known/mcp/server-card.json",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              },
              {
                "location": "well-known-mcp-server-card",
                "url": "http://127.0.0.1:36185/.well-known/mcp-server-card",
                "read": "absent",
                "http_status": 404,
                "detail": "HTTP 404."
              }
            ]
          },
          "access": "open",
          "capabilities": {
            "tools": {}
          },
          "tools_cache": {
            "ttl_ms": 0,
            "cache_scope": "private"
          },
          "tools_reused_until": null
        },
        "quality": {
          "score": 94,
          "label": "excellent",
          "checks": [
            {
              "id": "description_present",
              "status": "pass",
              "weight": 5,
              "detail": "The server describes itself."
            },
            {
              "id": "remote_reachable",
              "status": "pass",
              "weight": 15,
              "detail": "The remote answered MCP (ok)."
            },
            {
              "id": "protocol_current",
              "status": "pass",
              "weight": 10,
              "detail": "Offers 2026-07-28."
            },
            {
              "id": "tools_listed",
              "status": "pass",
              "weight": 10,
              "detail": "Lists 3 tool(s)."
            },
            {
              "id": "tool_descriptions",
              "status": "pass",
              "weight": 10,
              "detail": "Every tool has a description."
            },
            {
              "id": "tool_input_schemas",
              "status": "pass",
              "weight": 10,
              "detail": "Every input schema is a valid JSON Schema object."
            },
            {
              "id": "tool_names",
              "status": "pass",
              "weight": 5,
              "detail": "Every tool name has 1..64 allowed characters and is unique."
            },
            {
              "id": "tool_annotations",
              "status": "pass",
              "weight": 5,
              "detail": "Every tool has a title and a read-only or destructive hint."
            },
            {
              "id": "auth_metadata",
              "status": "na",
              "weight": 5,
              "detail": "The remote does not require authorization."
            },
            {
              "id": "https",
              "status": "fail",
              "weight": 5,
              "detail": "Not https: http://127.0.0.1:36185/mcp."
            },
            {
              "id": "latency",
              "status": "pass",
              "weight": 5,
              "detail": "The handshake took 394 ms."
            },
            {
              "id": "stability",
              "status": "na",
              "weight": 10,
              "detail": "Stability comes from 30 days of scheduled probes; an on-demand check has none."
            },
            {
              "id": "no_known_advisories",
              "status": "na",
              "weight": 5,
              "detail": "No dependency report (advisories come from the server's npm and PyPI packages)."
            }
          ],
          "assessed_at": "2026-11-26T22:32:09.598Z"
        },
        "readiness": [
          {
            "directory": "claude",
            "title": "Anthropic Connectors Directory (Claude)",
            "counts": {
              "pass": 8,
              "fail": 2,
              "warn": 0,
              "manual": 9,
              "na": 2
            },
            "requirements": [
              {
                "id": "remote_streamable_https",
                "title": "Remote server over HTTPS with Streamable HTTP",
                "status": "fail",
                "detail": "The server is not served over HTTPS.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "supported_auth_type",
                "title": "Authless, or OAuth with dynamic or metadata-document client registration",
                "status": "pass",
                "detail": "Authless: no credential is needed.",
                "source": "https://claude.com/docs/connectors/building/authentication"
              },
              {
                "id": "oauth_callback_allowlisted",
                "title": "OAuth redirect URI https://claude.ai/api/mcp/auth_callback is accepted",
                "status": "na",
                "detail": "The server needs no OAuth.",
                "source": "https://claude.com/docs/connectors/building/authentication"
              },
              {
                "id": "trusted_tls_certificate",
                "title": "TLS certificate from a recognized authority",
                "status": "fail",
                "detail": "The server is not served over HTTPS.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "tool_annotations",
                "title": "Every tool has a title and readOnlyHint or destructiveHint",
                "status": "pass",
                "detail": "Every tool is annotated.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "tool_name_length",
                "title": "Tool names of at most 64 characters",
                "status": "pass",
                "detail": "Every name has at most 64 characters.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "read_write_separation",
                "title": "No single tool both reads and writes (for example a generic HTTP method parameter)",
                "status": "pass",
                "detail": "No tool mixes read and write methods.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "freeform_tools_documented",
                "title": "Free-form query tools name or link the API they call",
                "status": "pass",
                "detail": "Free-form tools name their API, or there are none.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "no_prompt_injection",
                "title": "Descriptions do not instruct the model, promote, or hide text",
                "status": "pass",
                "detail": "No instruction-like patterns or hidden characters found.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "tool_descriptions",
                "title": "Every tool has a narrow, unambiguous description",
                "status": "pass",
                "detail": "Every tool is described; reviewers still check that descriptions match behaviour.",
                "source": "https://claude.com/docs/connectors/building/review-criteria"
              },
              {
                "id": "result_size_limits",
                "title": "Tool results within 150,000 characters (25,000 tokens in Claude Code), answers within 300 s",
                "status": "manual",
                "detail": "Tool results are only seen by calling tools, which the prober does not do.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "responsive",
                "title": "Responds within a second for standard operations; aims for 99% uptime",
                "status": "pass",
                "detail": "Handshake in 394 ms.",
                "source": "https://support.anthropic.com/en/articles/11596040-best-practices-for-building-mcp-servers"
              },
              {
                "id": "client_identity_not_gated",
                "title": "Does not gate on clientInfo.name (claude-ai, claude-code)",
                "status": "manual",
                "detail": "Confirm the server answers every client name alike.",
                "source": "https://claude.com/docs/connectors/building"
              },
              {
                "id": "privacy_policy",
                "title": "Published privacy policy",
                "status": "manual",
                "detail": "Provide a public privacy policy URL.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "documentation",
                "title": "Setup and usage documentation with at least three example prompts",
                "status": "manual",
                "detail": "Provide a public documentation URL and example prompts.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "support_and_security_contact",
                "title": "Support channel and a security vulnerability process",
                "status": "manual",
                "detail": "Provide a support contact and how vulnerabilities are reported and fixed.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "test_account",
                "title": "Fully populated test account without 2FA, valid 30 days",
                "status": "manual",
                "detail": "Provide reviewer credentials.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "branding",
                "title": "Name, tagline, 50-100 word description, square SVG logo, favicon",
                "status": "manual",
                "detail": "Prepare the listing assets.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "production_ready",
                "title": "Generally available, not beta or staging",
                "status": "manual",
                "detail": "Submit only a production endpoint.",
                "source": "https://claude.com/docs/connectors/building/submission"
              },
              {
                "id": "usage_policy",
                "title": "Complies with the software directory policy (data minimisation, no memory or chat extraction)",
                "status": "manual",
                "detail": "A reviewer runs a policy compliance scan.",
                "source": "https://support.claude.com/en/articles/13145358-anthropic-software-directory-policy"
              },
              {
                "id": "mcp_apps_ui",
                "title": "MCP Apps: inline height, accessibility, screenshots",
                "status": "na",
                "detail": "No tool declares an MCP App UI.",
                "source": "https://claude.com/docs/connectors/building/submission"
              }
            ]
          },
          {
            "directory": "chatgpt",
            "title": "OpenAI Apps Directory (ChatGPT)",
            "counts": {
              "pass": 6,
              "fail": 1,
              "warn": 1,
              "manual": 13,
              "na": 2
            },
            "requirements": [
              {
                "id": "organization_verified",
                "title": "Organization identity verified for the publishing name",
                "status": "manual",
                "detail": "Verify the individual or business in the platform dashboard.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "submitter_role",
                "title": "Submitter has the Owner role (or api.apps.write)",
                "status": "manual",
                "detail": "Check the submitter's role.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "public_availability",
                "title": "Intended to be public in the selected countries",
                "status": "manual",
                "detail": "Private use belongs in Developer Mode.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "public_https_endpoint",
                "title": "MCP server on a public HTTPS domain, not a local or tunnel endpoint",
                "status": "fail",
                "detail": "127.0.0.1 is not a public domain.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "widget_csp",
                "title": "Widget resources declare a CSP (connect, resource and frame domains)",
                "status": "na",
                "detail": "No tool declares a widget.",
                "source": "https://developers.openai.com/apps-sdk/reference#annotations"
              },
              {
                "id": "tool_names",
                "title": "Unique, human-readable tool names without promotional words",
                "status": "pass",
                "detail": "Names are unique and plain.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "tool_descriptions",
                "title": "Descriptions match behaviour and do not favour the app over others",
                "status": "pass",
                "detail": "Every tool is described plainly.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "tool_annotations",
                "title": "Correct readOnlyHint, destructiveHint and openWorldHint on every tool",
                "status": "warn",
                "detail": "No openWorldHint: delete_alert.",
                "source": "https://developers.openai.com/apps-sdk/reference#annotations"
              },
              {
                "id": "minimal_inputs",
                "title": "No inputs asking for conversation history or precise location",
                "status": "pass",
                "detail": "No such parameters.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "response_minimization",
                "title": "Results carry no telemetry or internal identifiers",
                "status": "manual",
                "detail": "Results are only seen by calling tools; no output schema shows internal identifiers.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "restricted_data",
                "title": "Does not collect payment cards, health data, government IDs or credentials",
                "status": "pass",
                "detail": "No parameters ask for restricted data.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "oauth",
                "title": "OAuth 2.1 with PKCE S256, discoverable metadata, dynamic or CIMD registration",
                "status": "na",
                "detail": "The server needs no authorization.",
                "source": "https://developers.openai.com/apps-sdk/build/auth"
              },
              {
                "id": "domain_verification",
                "title": "Domain verified at /.well-known/openai-apps-challenge",
                "status": "manual",
                "detail": "The challenge token is issued at submission.",
                "source": "https://developers.openai.com/apps-sdk/deploy/submission"
              },
              {
                "id": "reliability",
                "title": "Predictable, low latency, no crashes or hangs",
                "status": "pass",
                "detail": "Handshake in 394 ms.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "side_effects_explicit",
                "title": "Write actions are marked as such and say whether they are safe to retry",
                "status": "pass",
                "detail": "Write actions are explicit.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "privacy_policy",
                "title": "Published privacy policy (data, purposes, recipients, retention, controls)",
                "status": "manual",
                "detail": "Provide the privacy policy URL.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "support_contact",
                "title": "Accurate customer support contact",
                "status": "manual",
                "detail": "Provide support details.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "test_credentials",
                "title": "Demo account with sample data, no extra sign-up or 2FA",
                "status": "manual",
                "detail": "Provide reviewer credentials.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "listing_metadata",
                "title": "Clear name, description, accurate screenshots and icons",
                "status": "manual",
                "detail": "Prepare the listing.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "audience",
                "title": "Suitable for ages 13-17, not aimed at children",
                "status": "manual",
                "detail": "Confirm the audience.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "commerce",
                "title": "Physical goods only, external checkout, no ads",
                "status": "manual",
                "detail": "Confirm what the app sells, if anything.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "fair_play",
                "title": "No manipulation of app selection, no unofficial connectors, owned IP only",
                "status": "manual",
                "detail": "A reviewer checks fair-play rules.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              },
              {
                "id": "privacy_practices",
                "title": "No undisclosed tracking or profiling; no reconstructing chat history",
                "status": "manual",
                "detail": "A reviewer checks data practices.",
                "source": "https://developers.openai.com/apps-sdk/app-submission-guidelines"
              }
            ]
          }
        ],
        "tool_risk": {
          "flags": [],
          "findings": [],
          "trifecta": null
        },
        "server_card": {
          "status": "absent",
          "location": null,
          "url": null,
          "agrees": null,
          "name": null,
          "remotes_not_listed": [],
          "remotes_not_on_card": [],
          "embeds": []
        }
      },
      "next_actions": [
        {
          "action": "get_server",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather"
          }
        },
        {
          "action": "list_tools",
          "arguments": {
            "name": "io.github.catalog-sdk/weather"
          },
          "request": {
            "method": "GET",
            "path": "/v1/servers/io.github.catalog-sdk%2Fweather/tools"
          }
        }
      ]
    },
    "404": {
      "error": "check_not_found",
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "mcp server"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=mcp+server"
          }
        }
      ]
    }
  },
  "checkPage": {
    "404": {
      "error": "check_not_found",
      "next_actions": [
        {
          "action": "search",
          "arguments": {
            "q": "mcp server"
          },
          "request": {
            "method": "GET",
            "path": "/v1/search?q=mcp+server"
          }
        }
      ]
    }
  },
  "registryListServers": {
    "200": {
      "servers": [
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.shawndurrani/mcp-merchant",
            "description": "Search-only commerce MCP server backed by Stripe (test)",
            "repository": {},
            "version": "0.1.0",
            "packages": [
              {
                "registryType": "npm",
                "registryBaseUrl": "https://registry.npmjs.org",
                "identifier": "mcp-merchant",
                "version": "0.1.0",
                "runtimeHint": "npx",
                "transport": {
                  "type": "stdio"
                },
                "environmentVariables": [
                  {
                    "description": "Stripe secret key (test mode)",
                    "isRequired": true,
                    "isSecret": true,
                    "name": "STRIPE_SECRET_KEY"
                  },
                  {
                    "description": "Max products to cache",
                    "default": "100",
                    "name": "PRODUCT_LIMIT"
                  },
                  {
                    "description": "Catalog refresh interval in seconds",
                    "default": "600",
                    "name": "REFRESH_INTERVAL_SEC"
                  }
                ]
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T10:36:46.54185Z",
              "updatedAt": "2025-09-14T02:22:00.597355Z",
              "isLatest": false
            },
            "dev.service/connectability": {
              "class": "L0",
              "autonomous": false,
              "human_steps": [
                "Set STRIPE_SECRET_KEY: Stripe secret key (test mode)"
              ]
            },
            "dev.service/trust": {
              "score": 40,
              "flags": [
                "namespace_domain"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.waystation/airtable",
            "description": "Access and manage your Airtable bases, tables, and records seamlessly",
            "repository": {
              "url": "https://github.com/waystation-ai/mcp",
              "source": "github"
            },
            "version": "0.3.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://waystation.ai/airtable/mcp"
              },
              {
                "type": "sse",
                "url": "https://waystation.ai/airtable/mcp/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T14:23:23.086629Z",
              "updatedAt": "2025-09-09T14:23:23.086629Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 75,
              "flags": [
                "namespace_domain",
                "repository_linked",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.waystation/mcp",
            "description": "Ultimate toolbox to connect your LLM to popular productivity tools such as Monday, AirTable, Slack",
            "repository": {
              "url": "https://github.com/waystation-ai/mcp",
              "source": "github"
            },
            "version": "0.3.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://waystation.ai/mcp"
              },
              {
                "type": "sse",
                "url": "https://waystation.ai/mcp/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T12:10:02.48793Z",
              "updatedAt": "2025-09-09T12:10:02.48793Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 75,
              "flags": [
                "namespace_domain",
                "repository_linked",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        }
      ],
      "metadata": {
        "count": 3,
        "nextCursor": "ai.waystation/mcp:0.3.1"
      }
    },
    "422": {
      "title": "Unprocessable Entity",
      "status": 422,
      "detail": "validation failed",
      "errors": [
        {
          "message": "expected number >= 1",
          "location": "query.limit",
          "value": "0"
        }
      ]
    }
  },
  "viewListServers": {
    "200": {
      "servers": [
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.shawndurrani/mcp-merchant",
            "description": "Search-only commerce MCP server backed by Stripe (test)",
            "repository": {},
            "version": "0.1.0",
            "packages": [
              {
                "registryType": "npm",
                "registryBaseUrl": "https://registry.npmjs.org",
                "identifier": "mcp-merchant",
                "version": "0.1.0",
                "runtimeHint": "npx",
                "transport": {
                  "type": "stdio"
                },
                "environmentVariables": [
                  {
                    "description": "Stripe secret key (test mode)",
                    "isRequired": true,
                    "isSecret": true,
                    "name": "STRIPE_SECRET_KEY"
                  },
                  {
                    "description": "Max products to cache",
                    "default": "100",
                    "name": "PRODUCT_LIMIT"
                  },
                  {
                    "description": "Catalog refresh interval in seconds",
                    "default": "600",
                    "name": "REFRESH_INTERVAL_SEC"
                  }
                ]
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T10:36:46.54185Z",
              "updatedAt": "2025-09-14T02:22:00.597355Z",
              "isLatest": false
            },
            "dev.service/connectability": {
              "class": "L0",
              "autonomous": false,
              "human_steps": [
                "Set STRIPE_SECRET_KEY: Stripe secret key (test mode)"
              ]
            },
            "dev.service/trust": {
              "score": 40,
              "flags": [
                "namespace_domain"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.waystation/airtable",
            "description": "Access and manage your Airtable bases, tables, and records seamlessly",
            "repository": {
              "url": "https://github.com/waystation-ai/mcp",
              "source": "github"
            },
            "version": "0.3.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://waystation.ai/airtable/mcp"
              },
              {
                "type": "sse",
                "url": "https://waystation.ai/airtable/mcp/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T14:23:23.086629Z",
              "updatedAt": "2025-09-09T14:23:23.086629Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 75,
              "flags": [
                "namespace_domain",
                "repository_linked",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        },
        {
          "server": {
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
            "name": "ai.waystation/mcp",
            "description": "Ultimate toolbox to connect your LLM to popular productivity tools such as Monday, AirTable, Slack",
            "repository": {
              "url": "https://github.com/waystation-ai/mcp",
              "source": "github"
            },
            "version": "0.3.1",
            "remotes": [
              {
                "type": "streamable-http",
                "url": "https://waystation.ai/mcp"
              },
              {
                "type": "sse",
                "url": "https://waystation.ai/mcp/sse"
              }
            ]
          },
          "_meta": {
            "io.modelcontextprotocol.registry/official": {
              "status": "active",
              "publishedAt": "2025-09-09T12:10:02.48793Z",
              "updatedAt": "2025-09-09T12:10:02.48793Z",
              "isLatest": true
            },
            "dev.service/connectability": {
              "class": "unknown",
              "autonomous": false,
              "human_steps": []
            },
            "dev.service/trust": {
              "score": 75,
              "flags": [
                "namespace_domain",
                "repository_linked",
                "remote_host_matches_namespace",
                "owner_verified"
              ]
            }
          }
        }
      ],
      "metadata": {
        "count": 3,
        "nextCursor": "ai.waystation/mcp:0.3.1"
      }
    },
    "404": {
      "title": "Not Found",
      "status": 404,
      "detail": "View not found"
    }
  }
};
