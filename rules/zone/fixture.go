package zone

// Fixture returns a small demo/test map of 11 fictitious zones with
// Spanish-sounding names and X,Y positions normalised to 0..1 for drawing.
// The desktop app uses it to exercise its zone-map view, and the package
// tests assert path costs on it, so change it only together with the tests.
//
// The Río Tajuelo runs north-south through the middle of the map (x≈0.5),
// crossed three times [7.7]: a route on a minor bridge (Almoraz–Puenteviejo),
// a road on a major bridge (Navalcán–Villafranca) and a ford
// (Torrejón–Vadillo). Every connection kind appears [5.3], and Montalbo and
// Castromar are joined by both a route and a path.
//
// Connections (road 1 MP, route 2, path 3, ford 4 in the tests):
//
//	west bank:  San Benito–Almoraz road, San Benito–Navalcán road,
//	            San Benito–Torrejón route, Almoraz–Navalcán path,
//	            Torrejón–Navalcán path
//	crossings:  Almoraz–Puenteviejo route (minor bridge),
//	            Navalcán–Villafranca road (major bridge), Torrejón–Vadillo ford
//	east bank:  Puenteviejo–Montalbo route, Puenteviejo–Ermita path,
//	            Ermita–Montalbo path, Villafranca–Montalbo road,
//	            Villafranca–Castromar road, Vadillo–Villafranca path,
//	            Vadillo–Peñaflor route, Peñaflor–Castromar route,
//	            Montalbo–Castromar path and route
//
// San Benito (west, exit "Portugal", entry "A") is the Allied depot;
// Castromar (east, exit "Madrid", entry "B") is the French depot.
func Fixture() *Graph {
	g, err := New(fixtureZones(), fixtureConns())
	if err != nil {
		panic("zone: invalid fixture: " + err.Error())
	}
	return g
}

func fixtureZones() []Zone {
	return []Zone{
		{ID: "sanbenito", Name: "San Benito del Campo", Terrain: TerrainTown, X: 0.06, Y: 0.50,
			Depot: true, DepotSide: "Allied", Exit: "Portugal", Entry: "A"},
		{ID: "almoraz", Name: "Almoraz", Terrain: TerrainClear, X: 0.24, Y: 0.22},
		{ID: "navalcan", Name: "Navalcán", Terrain: TerrainClear, X: 0.36, Y: 0.50},
		{ID: "torrejon", Name: "Torrejón de la Sierra", Terrain: TerrainDefensive, X: 0.24, Y: 0.80},
		{ID: "puenteviejo", Name: "Puenteviejo", Terrain: TerrainTown, X: 0.60, Y: 0.20},
		{ID: "villafranca", Name: "Villafranca del Tajuelo", Terrain: TerrainTown, X: 0.62, Y: 0.50},
		{ID: "vadillo", Name: "Vadillo", Terrain: TerrainClear, X: 0.60, Y: 0.82},
		{ID: "ermita", Name: "Ermita de San Roque", Terrain: TerrainDefensive, X: 0.86, Y: 0.10},
		{ID: "montalbo", Name: "Sierra de Montalbo", Terrain: TerrainDefensive, X: 0.80, Y: 0.36},
		{ID: "penaflor", Name: "Peñaflor", Terrain: TerrainClear, X: 0.78, Y: 0.86},
		{ID: "castromar", Name: "Castromar", Terrain: TerrainTown, X: 0.94, Y: 0.62,
			Depot: true, DepotSide: "French", Exit: "Madrid", Entry: "B"},
	}
}

func fixtureConns() []Connection {
	return []Connection{
		// West bank.
		{A: "sanbenito", B: "almoraz", Kind: Road},
		{A: "sanbenito", B: "navalcan", Kind: Road},
		{A: "sanbenito", B: "torrejon", Kind: Route},
		{A: "almoraz", B: "navalcan", Kind: Path},
		{A: "torrejon", B: "navalcan", Kind: Path},
		// [7.7] River crossings.
		{A: "almoraz", B: "puenteviejo", Kind: Route, River: true, Bridge: Minor},
		{A: "navalcan", B: "villafranca", Kind: Road, River: true, Bridge: Major},
		{A: "torrejon", B: "vadillo", Kind: Ford, River: true},
		// East bank.
		{A: "puenteviejo", B: "montalbo", Kind: Route},
		{A: "puenteviejo", B: "ermita", Kind: Path},
		{A: "ermita", B: "montalbo", Kind: Path},
		{A: "villafranca", B: "montalbo", Kind: Road},
		{A: "villafranca", B: "castromar", Kind: Road},
		{A: "vadillo", B: "villafranca", Kind: Path},
		{A: "vadillo", B: "penaflor", Kind: Route},
		{A: "penaflor", B: "castromar", Kind: Route},
		{A: "montalbo", B: "castromar", Kind: Path},
		{A: "montalbo", B: "castromar", Kind: Route},
	}
}
